import { nextInit, runChild, tell } from '../lib/parent';
import { startFixedServer, type FixedRoutes } from './fixed';

runChild(async () => {
  const routes = await nextInit<FixedRoutes>();
  const server = await startFixedServer(routes);
  tell({ type: 'ready', payload: { url: server.url } });
});
