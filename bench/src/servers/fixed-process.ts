import { nextInit, runChild, tell } from '../lib/parent';
import { startFixedServer, walkPages, type FixedRoutes, type WalkRecording } from './fixed';

runChild(async () => {
  const { routes, walk } = await nextInit<{ routes: FixedRoutes; walk: WalkRecording }>();
  const server = await startFixedServer({ ...routes, ...walkPages(walk) }, '127.0.0.1');
  tell({ type: 'ready', payload: { url: server.url } });
});
