import { createMockApi } from '@network-org/mock';

const mock = createMockApi();
const worker = mock.session('worker-1');
worker.faults.add({ path: '/v1/accounts', status: 503 });
const response = await worker.fetch('/v1/accounts', { headers: { Authorization: `Bearer ${mock.keys.admin}` } });
console.log(response.status); // 503, while the default session still answers 200
