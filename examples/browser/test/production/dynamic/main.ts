// The dev-only pattern with a dynamic import: the production build has no chunk of the mock at all.
import { NetworkClient } from '@network-org/sdk';

let apiKey = 'key from your login';
if (import.meta.env.DEV) {
  const { setupMockWorker } = await import('@network-org/mock/browser');
  const { mock, worker } = setupMockWorker();
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
  apiKey = mock.keys.admin;
}
const client = new NetworkClient({ apiKey, baseUrl: 'https://api.example.invalid' });
document.body.textContent = String((await client.accounts.list()).length);
