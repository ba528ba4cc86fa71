import { startMockServer, type MockServerOptions } from '@network-org/mock/node';
import { nextInit, runChild, tell } from '../lib/parent';

runChild(async () => {
  const options = await nextInit<MockServerOptions>();
  const server = await startMockServer({ ...options, port: 0, host: '127.0.0.1' });
  tell({ type: 'ready', payload: { url: server.url } });
});
