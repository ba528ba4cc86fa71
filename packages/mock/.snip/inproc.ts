import { createMockApi } from '@network-org/mock';
import { startMockServer } from '@network-org/mock/node';
import { setupServer } from 'msw/node';
const mock = createMockApi({ rateLimit: false, baseUrl: 'https://api.network.test' });
const H = { authorization: `Bearer ${mock.keys.admin}` };
console.log(Object.keys(mock.keys), mock.keys);
console.log('other origin', (await mock.fetch('https://other.example/v1/accounts', { headers: H })).status);
console.log('trailing', (await mock.fetch('https://api.network.test/v1/accounts/', { headers: H })).status);
console.log('query on org', (await mock.fetch('/v1/organization?x=1', { headers: H })).status);
console.log('double slash', (await mock.fetch('https://api.network.test//v1/accounts', { headers: H })).status);
console.log('encoded', (await mock.fetch('/v1/contacts/%31000001', { method: 'PATCH', headers: { ...H, 'content-type': 'application/json' }, body: '{"account_id":"101"}' })).status);
// Headers as array / Headers instance
console.log('Headers inst', (await mock.fetch('/v1/accounts', { headers: new Headers(H) })).status);
console.log('Request', (await mock.fetch(new Request('https://api.network.test/v1/accounts', { headers: H }))).status);
console.log('URL', (await mock.fetch(new URL('https://api.network.test/v1/accounts'), { headers: H })).status);
// two auth via array headers
console.log('two auth arr', (await mock.fetch('/v1/accounts', { headers: [['authorization', 'Bearer sk_test_admin'], ['authorization', 'Bearer sk_test_admin']] })).status);
const h2 = new Headers(); h2.append('authorization', 'Bearer sk_test_admin'); h2.append('authorization', 'Bearer sk_test_admin');
console.log('two auth Headers', (await mock.fetch('/v1/accounts', { headers: h2 })).status, h2.get('authorization'));
// same bytes msw vs fetch vs node
const server = setupServer(...mock.handlers); server.listen({ onUnhandledRequest: 'bypass' });
const http = await startMockServer({ port: 0, rateLimit: false });
const paths = ['/v1/accounts', '/v1/contacts?limit=3', '/v1/contacts?limit=0', '/v1/activity?limit=2'];
for (const p of paths) {
  const a = await (await mock.fetch(p, { headers: H })).text();
  const b = await (await fetch(`https://api.network.test${p}`, { headers: H })).text();
  const c = await (await fetch(`${http.url}${p}`, { headers: H })).text();
  console.log(p, a === b, a === c);
}
// two auth through msw
const h3 = new Headers(); h3.append('authorization', 'Bearer sk_test_admin'); h3.append('authorization', 'Bearer sk_test_admin');
console.log('two auth msw', (await fetch('https://api.network.test/v1/accounts', { headers: h3 })).status);
console.log('TRACE msw', (await fetch('https://api.network.test/v1/accounts', { method: 'PUT', headers: H })).status);
console.log('unknown path msw', (await fetch('https://api.network.test/v1/zzz', { headers: H })).status);
console.log('control msw', (await fetch('https://api.network.test/__mock/health')).status);
try { console.log('control msw faults', (await fetch('https://api.network.test/__mock/faults', {method:'POST', body: JSON.stringify({status: 503, path: '/v1/accounts'}), headers: {'content-type':'application/json'}})).status); } catch (e) { console.log('err', e.message) }
console.log('after fault msw', (await fetch('https://api.network.test/v1/accounts', { headers: H })).status);
console.log('control fetch', (await mock.fetch('/__mock/health')).status);
// big body msw
console.log('big msw', (await fetch('https://api.network.test/v1/contacts/1000001', { method: 'PATCH', headers: { ...H, 'content-type': 'application/json' }, body: JSON.stringify({ account_id: '101', 'Deal stage': 'x'.repeat(1_100_000) }) })).status);
console.log('big fetch', (await mock.fetch('https://api.network.test/v1/contacts/1000001', { method: 'PATCH', headers: { ...H, 'content-type': 'application/json' }, body: JSON.stringify({ account_id: '101', 'Deal stage': 'x'.repeat(1_100_000) }) })).status);
// reset with args, now
mock.reset({ seed: 2 }); console.log('seed2 accts', (await (await mock.fetch('/v1/accounts', { headers: H })).json()).data.accounts.length);
mock.reset(); 
const snap = mock.snapshot();
await mock.fetch('/v1/contacts/1000001', { method: 'PATCH', headers: { ...H, 'content-type': 'application/json' }, body: JSON.stringify({ account_id: '101', 'Deal stage': 'SNAP' }) });
mock.restore(snap);
const list = await (await mock.fetch('/v1/contacts?account_id=101&limit=1', { headers: H })).json();
console.log('restored', list.data.contacts[0]['Deal stage']);
console.log('seed?', typeof (mock as any).seed, typeof (mock as any).exportState);
server.close(); await http.close();
