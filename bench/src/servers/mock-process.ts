import type { MockServerOptions } from '@network-org/mock/node';
import { nextInit, runChild, tell } from '../lib/parent';
import { load, WORK, type Tree } from '../lib/trees';

export interface MockProcessInit {
  options: MockServerOptions;
  /** The build to serve; the work tree's without it. */
  tree?: Tree;
}

runChild(async () => {
  const { options, tree = WORK } = await nextInit<MockProcessInit>();
  const { startMockServer } = await load(tree, '@network-org/mock/node');
  const server = await startMockServer({ ...options, port: 0, host: '127.0.0.1' });
  tell({ type: 'ready', payload: { url: server.url } });
});
