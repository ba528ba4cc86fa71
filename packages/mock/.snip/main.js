// main.js, in a project where `npm i @network-org/mock msw@3` installed the packages; `deno run -A main.js`
import { createMockApi } from '@network-org/mock';

const mock = createMockApi();
const response = await mock.fetch('/v1/accounts', { headers: { Authorization: `Bearer ${mock.keys.admin}` } });
console.log(response.status);
// msw (imported by the mock) keeps a BroadcastChannel open, so Deno would wait on it forever: end the process.
Deno.exit(0);
