import { startMockServer } from '@network-org/mock/node';
import { runVerify } from '@network-org/verify';
import { expect, it } from 'vitest';
import { everything } from '../support/mock';
import { watchPatches } from '../support/originals';

it('a run stopped in the middle of its writes still puts every PATCHed record back', async () => {
  const server = await startMockServer({ port: 0, rateLimit: false });
  try {
    const patches = watchPatches(server.url, server.mock.keys.admin);
    const stop = new AbortController();
    // Stops the run right after the first PATCH that adds a tag.
    const stopping = async (url: string, init: RequestInit) => {
      const response = await patches.fetch(url, init);
      if (init.method === 'PATCH' && String(init.body).includes('"add"')) stop.abort();
      return response;
    };
    const report = await runVerify({ ...everything(server), fetch: stopping, signal: stop.signal });
    const stopped = report.scenarios.filter((s) => s.outcome === 'error');
    expect(stopped.length).toBeGreaterThan(10);
    expect(new Set(stopped.map((s) => s.reason))).toEqual(new Set(['the run was stopped']));
    const records = await patches.check();
    expect(records.length).toBe(1);
    expect(report.writes.undone.length).toBe(1);
    for (const { record, now, before } of records) expect({ record, ...now }).toEqual({ record, ...before });
  } finally {
    await server.close();
  }
  // The reads before the first write are most of the suite: on a loaded 2-core machine they take more than the default.
}, 60_000);
