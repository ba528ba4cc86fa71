import { nextInit, runChild, tell } from '../lib/parent';
import { startFixedServer, type FixedRoutes } from './fixed';

runChild(async () => {
  const { routes } = await nextInit<{ routes: FixedRoutes }>();
  const server = await startFixedServer(routes, '127.0.0.1');
  tell({ type: 'ready', payload: { url: server.url } });
});
