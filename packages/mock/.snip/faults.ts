import { createMockApi } from '@network-org/mock';
const m = createMockApi({ rateLimit: false });
const H = { authorization: 'Bearer sk_test_admin' };
const show = async (label: string, r: Response) => console.log(label, r.status, r.headers.get('retry-after'), (await r.text()).slice(0, 150));
m.faults.add({ method: 'get', path: '/v1/contacts', status: 429, retry_after: 7 });
await show('lower method + query', await m.fetch('/v1/contacts?limit=2', { headers: H }));
m.faults.clear();
m.faults.add({ path: '/v1/contacts?limit=2', status: 500 } as any);
await show('path with query', await m.fetch('/v1/contacts?limit=2', { headers: H }));
m.faults.clear();
m.faults.add({ path: '/v1/accounts', status: 503, code: 'internal_error', count: 2 });
await show('code', await m.fetch('/v1/accounts', { headers: H }));
await show('count2', await m.fetch('/v1/accounts', { headers: H }));
await show('count done', await m.fetch('/v1/accounts', { headers: H }));
m.faults.add({ path: '/v1/accounts', status: 418 });
await show('418', await m.fetch('/v1/accounts', { headers: H }));
m.faults.add({ path: '/v1/accounts', status: 200 } as any);
await show('200 fault', await m.fetch('/v1/accounts', { headers: H }));
m.faults.add({ path: '/v1/accounts', status: 204 } as any);
await show('204 fault', await m.fetch('/v1/accounts', { headers: H }));
m.faults.add({ path: 'https://api.network.test/v1/accounts', status: 500 } as any);
await show('full url path', await m.fetch('/v1/accounts', { headers: H }));
m.faults.clear();
m.faults.add({ path: '/v1/accounts', status: 401 });
await show('fault before auth? no key', await m.fetch('/v1/accounts'));
try { m.faults.add({ status: 'x' } as any); console.log('bad fault accepted'); } catch (e: any) { console.log('bad fault throws', e.message); }
try { m.faults.add({ path: '/v1/accounts', status: 503, count: 0 }); console.log('count 0 accepted', m.faults.list()); } catch (e: any) { console.log('count0 throws', e.message); }
m.faults.clear();
m.faults.add({ path: '/v1/accounts', delay_ms: 300, status: 503 });
let t = Date.now(); await show('delay+status', await m.fetch('/v1/accounts', { headers: H })); console.log(Date.now() - t, 'ms');
m.faults.add({ path: '/v1/accounts', status: 0 });
try { await m.fetch('/v1/accounts', { headers: H }); console.log('drop did not throw'); } catch (e: any) { console.log('drop', e.constructor.name, e.message); }
console.log(m.journal.map((j) => `${j.method} ${j.path} ${j.status}`));
