import { createMockApi } from '@network-org/mock';

const mock = createMockApi();
mock.faults.add({ method: 'POST', path: '/v1/contacts', status: 429, retry_after: 2 }); // Retry-After: 2
mock.faults.add({ path: '/v1/contacts/{contact_id}', status: 500, count: 3 }); // the spec's path template
mock.faults.add({ path: '/v1/*', status: 0 }); // a glob; status 0 (or drop: true) drops the connection
mock.faults.add({ method: 'GET', path: '/v1/accounts', delay_ms: 2_000 }); // slow, then the normal answer
