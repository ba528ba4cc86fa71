import { createMockApi } from '@network-org/mock';
const m = createMockApi({ rateLimit: false });
try { m.reset({ now: 'garbage' }); } catch (e: any) { console.log('1', e.message); }
try { m.reset(); console.log('reset ok'); } catch (e: any) { console.log('2 reset after bad', e.message); }
try { m.reset({ seed: 1.5 }); } catch (e: any) { console.log('3', e.message); }
try { m.reset(); console.log('reset ok'); } catch (e: any) { console.log('4 reset after bad', e.message); }
console.log((await m.fetch('/v1/accounts', { headers: { authorization: 'Bearer sk_test_admin' } })).status);
