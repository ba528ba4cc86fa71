import { NetworkClient } from '@network-org/sdk';

// The mock answers this address inside the service worker; nothing leaves the browser.
const BASE_URL = 'https://api.network.test';

/**
 * The client the page uses. In development (`vite`, or `vite build --mode development`) it starts the mock in a
 * service worker and uses its admin key; the dynamic import under `import.meta.env.DEV` keeps every byte of the mock,
 * msw and faker out of a production build. A production page would call your own backend, which holds the API key:
 * a key never belongs in a page.
 */
export async function connect(): Promise<NetworkClient> {
  if (import.meta.env.DEV) {
    const { startMockWorker } = await import('@network-org/mock/browser');
    // BASE_URL is the app's base path (`/` or `vite --base /contacts/`): msw's worker script is served under it.
    const { mock } = await startMockWorker({ baseUrl: BASE_URL, start: { serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` } } });
    return new NetworkClient({ apiKey: mock.keys.admin, baseUrl: BASE_URL });
  }
  throw new Error('This example runs against the mock: start it with `vite` (development mode).');
}
