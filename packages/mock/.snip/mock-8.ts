import { setupMockWorker } from '@network-org/mock/browser';
import { NetworkClient } from '@network-org/sdk';

const { mock, worker } = setupMockWorker({ baseUrl: 'https://api.network.test' });
await worker.start({ onUnhandledRequest: 'bypass' });
const client = new NetworkClient({ baseUrl: mock.baseUrl, apiKey: mock.keys.admin });
