import { startMockServer } from '@network-org/mock/node';
import { runVerify } from '@network-org/verify';
import { expect, it } from 'vitest';
import { startDriftProxy } from '../drift/proxy';
import { everything } from '../support/mock';

it('lists every write that may have happened, whatever status came back: drafts answered 201 or 500 are done and left', async () => {
  for (const status of [201, 500]) {
    const server = await startMockServer({ port: 0, rateLimit: false });
    const proxy = await startDriftProxy(server.url);
    try {
      proxy.use({ operation: 'createDraft', drift: `every draft answered ${status}`, answer: (answer) => void (answer.status = status) });
      const before = server.mock.db.drafts().length;
      const report = await runVerify({ ...everything(server), baseUrl: proxy.url, only: 'drafts.' });
      const saved = server.mock.db.drafts().length - before;
      expect(saved).toBeGreaterThan(0);
      const done = report.writes.done.filter((w) => w.operation === 'createDraft');
      expect(done.length, `${status}: every draft the mock saved is listed as done`).toBeGreaterThanOrEqual(saved);
      // A 2xx other than the documented one reads as a write; any other status is named with it.
      if (status === 500) expect(done.filter((w) => !w.note.includes('(answered 500)'))).toEqual([]);
      expect(report.writes.left.filter((w) => w.operation === 'createDraft').length, `${status}: a draft cannot be deleted, so it is left`).toBeGreaterThan(0);
    } finally {
      await proxy.close();
      await server.close();
    }
  }
}, 90_000);
