import { createMockApi } from '@network-org/mock';
import { NetworkClient } from '@network-org/sdk';

const mock = createMockApi({ rateLimit: false });
const client = new NetworkClient({ baseUrl: mock.baseUrl, apiKey: mock.keys.admin, fetch: mock.fetch });
const accounts = await client.accounts.list();
console.log(accounts.length);

// Or call it as fetch itself: a URL (or a path under the base URL), a Request, and fetch's init.
const response = await mock.fetch('/v1/organization', { headers: { Authorization: `Bearer ${mock.keys.admin}` } });
console.log(response.status, await response.json());
