import { performance } from 'node:perf_hooks';
import { startMockServer } from '@network-org/mock/node';
import { primaryAccountId } from '../lib/dataset';
import { nextInit, onMeasure, runChild, tell } from '../lib/parent';

export interface ScaleInit {
  contacts: number;
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
  const { contacts } = await nextInit<ScaleInit>();
  collect();
  const baselineRssBytes = process.memoryUsage().rss;
  const start = performance.now();
  const server = await startMockServer({ port: 0, host: '127.0.0.1', rateLimit: false, primaryAccountContacts: contacts });
  const seedMs = performance.now() - start;
  onMeasure(memory);
  const ready: ScaleReady = { url: server.url, accountId: primaryAccountId(server.mock), seedMs, baselineRssBytes };
  tell({ type: 'ready', payload: ready });
});
