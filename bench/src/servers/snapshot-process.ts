import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createMockApi } from '@network-org/mock';
import { NetworkClient } from '@network-org/sdk';
import { Scrubber } from '../../../packages/mock/src/snapshot/scrub';
import { snapshotOrganization } from '../../../packages/mock/src/snapshot/take';
import { nextInit, runChild, tell } from '../lib/parent';

export interface SnapshotInit {
  /** Contacts of the source's largest account (the two others hold 50 each). */
  contacts: number;
}

export interface SnapshotResult {
  contacts: number;
  records: number;
  requests: number;
  snapshotMs: number;
  fileBytes: number;
  /** The JS heap above what the source mock holds (after GC), at its peak while the snapshot is taken. */
  peakHeapBytes: number;
  /** RSS above the source mock's (after GC), at its peak. */
  peakRssBytes: number;
}

const gc = () => (globalThis as { gc?: () => void }).gc?.();

runChild(async () => {
  const { contacts } = await nextInit<SnapshotInit>();
  const source = createMockApi({ rateLimit: false, primaryAccountContacts: contacts, contactsPerAccount: 50, conversationsPerAccount: 42, networkSize: 10 });
  let requests = 0;
  const fetch: typeof globalThis.fetch = (input, init) => {
    requests++;
    return source.fetch(input, init);
  };
  gc();
  gc();
  const base = process.memoryUsage();
  let peakHeap = 0;
  let peakRss = 0;
  const sample = () => {
    const { heapUsed, rss } = process.memoryUsage();
    peakHeap = Math.max(peakHeap, heapUsed - base.heapUsed);
    peakRss = Math.max(peakRss, rss - base.rss);
  };
  const sampler = setInterval(sample, 50);
  const dir = mkdtempSync(join(tmpdir(), 'bench-snapshot-'));
  try {
    const started = performance.now();
    const summary = await snapshotOrganization({
      client: new NetworkClient({ baseUrl: 'https://api.network.test', apiKey: 'sk_test_admin', fetch }),
      out: join(dir, 'snapshot.json'),
      scrubber: new Scrubber({ salt: 'bench' }),
    });
    const snapshotMs = performance.now() - started;
    sample();
    const result: SnapshotResult = {
      contacts,
      records: summary.records,
      requests,
      snapshotMs,
      fileBytes: statSync(join(dir, 'snapshot.json')).size,
      peakHeapBytes: peakHeap,
      peakRssBytes: peakRss,
    };
    tell({ type: 'result', payload: result });
  } finally {
    clearInterval(sampler);
    rmSync(dir, { recursive: true, force: true });
  }
});
