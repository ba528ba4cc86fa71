import { createMockApi } from '@network-org/mock';
const m = createMockApi({ rateLimit: false });
const H = { authorization: 'Bearer sk_test_admin' };
try { (m as any).override('nope', () => ({ status: 200, body: {} })); console.log('unknown op accepted'); } catch (e: any) { console.log('unknown op', e.constructor.name, e.message); }
try { (m as any).override('listAccounts', 'notafunction'); console.log('non-fn accepted'); } catch (e: any) { console.log('non-fn', e.constructor.name, e.message); }
try { m.override('listAccounts', () => ({ status: 200, body: {} as any }), { times: 0 }); console.log('times 0 accepted'); } catch (e: any) { console.log('times0', e.constructor.name, e.message); }
m.reset();
m.override('listAccounts', () => ({ status: 'abc' as any, body: {} as any }));
let r = await m.fetch('/v1/accounts', { headers: H }); console.log('bad status', r.status, (await r.text()).slice(0, 150));
m.override('listAccounts', () => { throw new Error('boom'); });
r = await m.fetch('/v1/accounts', { headers: H }); console.log('throws', r.status, (await r.text()).slice(0, 200));
m.override('listAccounts', () => ({ status: 200, body: { x: 1n } as any }));
r = await m.fetch('/v1/accounts', { headers: H }); console.log('bigint', r.status, (await r.text()).slice(0, 200));
m.override('listAccounts', () => undefined as any);
r = await m.fetch('/v1/accounts', { headers: H }); console.log('undefined', r.status, (await r.text()).slice(0, 200));
m.override('listAccounts', () => ({ status: 204, body: undefined as any }));
r = await m.fetch('/v1/accounts', { headers: H }); console.log('204', r.status, JSON.stringify(await r.text()).slice(0, 200));
m.override('listAccounts', () => ({ status: 200, body: { data: { accounts: [] } }, headers: { 'x-a': 'b', 'bad header': 'x' } as any }));
r = await m.fetch('/v1/accounts', { headers: H }); console.log('bad header', r.status, r.headers.get('x-a'), (await r.text()).slice(0, 200));
