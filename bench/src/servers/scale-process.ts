import { performance } from 'node:perf_hooks';
import { primaryAccountId } from '../lib/dataset';
import { nextInit, onMeasure, runChild, tell } from '../lib/parent';
import { load, WORK, type Tree } from '../lib/trees';

export interface ScaleInit {
  contacts: number;
  /** The build to seed; the work tree's without it. */
  tree?: Tree;
}

export interface ScaleReady {
  url: string;
  accountId: string;
  seedMs: number;
  baselineRssBytes: number;
}

export interface ScaleMemory {
  /** Resident set after a full GC. */
  rssBytes: number;
  heapUsedBytes: number;
  /** Peak resident set of the process so far. */
  maxRssBytes: number;
}

/** Runs with --expose-gc, so that the memory reported is what the dataset keeps, not garbage awaiting collection. */
function collect(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
}

function memory(): ScaleMemory {
  collect();
  const usage = process.memoryUsage();
  return { rssBytes: usage.rss, heapUsedBytes: usage.heapUsed, maxRssBytes: process.resourceUsage().maxRSS * 1024 };
}

runChild(async () => {
  const { contacts, tree = WORK } = await nextInit<ScaleInit>();
  const { startMockServer } = await load(tree, '@network-org/mock/node');
  collect();
  const baselineRssBytes = process.memoryUsage().rss;
  const start = performance.now();
  const server = await startMockServer({ port: 0, host: '127.0.0.1', rateLimit: false, primaryAccountContacts: contacts });
  const seedMs = performance.now() - start;
  onMeasure(memory);
  const ready: ScaleReady = { url: server.url, accountId: primaryAccountId(server.mock), seedMs, baselineRssBytes };
  tell({ type: 'ready', payload: ready });
});
