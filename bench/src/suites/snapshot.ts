import { forkChild } from '../lib/child';
import { mb, ms } from '../lib/stats';
import type { Section } from '../report';
import type { SnapshotInit, SnapshotResult } from '../servers/snapshot-process';

export interface SnapshotOptions {
  /** Contacts of the source's largest account. */
  sizes: number[];
}

export const SNAPSHOT_FULL: SnapshotOptions = { sizes: [10_000, 100_000] };

/** The service's pace: 50 requests per 10 s per endpoint. */
const SERVICE_REQUESTS_PER_SECOND = 5;

async function measure(contacts: number): Promise<SnapshotResult> {
  const child = forkChild(new URL('../servers/snapshot-process.ts', import.meta.url), [], ['--expose-gc']);
  try {
    const init: SnapshotInit = { contacts };
    child.send({ type: 'init', payload: init });
    return await child.next<SnapshotResult>('result', 1_800_000);
  } finally {
    await child.stop();
  }
}

/** `network-mock snapshot` against the mock itself, at 10,000 and 100,000 contacts. */
export async function snapshotSuite(options: SnapshotOptions): Promise<Section> {
  const results: SnapshotResult[] = [];
  for (const size of options.sizes) results.push(await measure(size));
  return {
    title: 'Snapshots: network-mock snapshot against the mock',
    method:
      'A fresh process (Node --expose-gc) builds a source mock whose largest account holds the given contacts (two more of 50, 42 ' +
      'conversations each), then takes a scrubbed snapshot of it in process through the SDK with `mock.fetch` and no pacing: the ' +
      "snapshot's own cost. Memory is sampled every 50 ms above what the source mock holds after GC. Paced as the command is " +
      "(`rateLimit: 'service'`, 50 requests / 10 s per endpoint), the contact pages alone set the floor shown.",
    columns: ['metric', ...results.map((r) => `${r.contacts.toLocaleString('en')} contacts`)],
    rows: [
      ['records written', ...results.map((r) => r.records.toLocaleString('en'))],
      ['requests', ...results.map((r) => r.requests.toLocaleString('en'))],
      ['time (no pacing)', ...results.map((r) => ms(r.snapshotMs, 0))],
      ['records per second', ...results.map((r) => Math.round(r.records / (r.snapshotMs / 1000)).toLocaleString('en'))],
      ['floor at the service pace (contact pages)', ...results.map((r) => `${Math.round(r.contacts / 25 / SERVICE_REQUESTS_PER_SECOND)} s`)],
      ['file size', ...results.map((r) => mb(r.fileBytes))],
      ['peak JS heap above the source', ...results.map((r) => mb(r.peakHeapBytes))],
      ['peak RSS above the source', ...results.map((r) => mb(r.peakRssBytes))],
    ],
    targets: [],
  };
}
