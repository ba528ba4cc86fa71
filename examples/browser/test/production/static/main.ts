// The dev-only pattern with a static import: the mock starts only under Vite's development flag, so a production
// build drops the import (the package's `sideEffects` lets the bundler), and the app talks to the real service.
import { setupMockWorker } from '@network-org/mock/browser';
import { NetworkClient } from '@network-org/sdk';

let apiKey = 'key from your login';
if (import.meta.env.DEV) {
  const { mock, worker } = setupMockWorker();
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
  apiKey = mock.keys.admin;
}
const client = new NetworkClient({ apiKey, baseUrl: 'https://api.example.invalid' });
document.body.textContent = String((await client.accounts.list()).length);
