import { nextInit, runChild, tell } from '../lib/parent';
import { startFixedServer, type FixedRoutes } from './fixed';

runChild(async () => {
  const { routes, throughMsw } = await nextInit<{ routes: FixedRoutes; throughMsw: boolean }>();
  const server = await startFixedServer(routes, '127.0.0.1', throughMsw);
  tell({ type: 'ready', payload: { url: server.url } });
});
