import { startMockServer } from '@network-org/mock/node';
import { exitCode, runVerify } from '@network-org/verify';
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

/** A PATCH that puts a record back: verify's restore sends the tags by `set` together with notes_json. */
const isRestore = (body: unknown) => {
  const sent = body as { tags?: { set?: unknown }; notes_json?: unknown } | undefined;
  return sent?.tags?.set !== undefined && sent.notes_json !== undefined;
};

it('a restore the service refuses is an error of the run (exit 1), and the record it could not put back is in writes.left', async () => {
  const server = await startMockServer({ port: 0, rateLimit: false });
  const proxy = await startDriftProxy(server.url);
  try {
    // The service refuses the restore outright: the record stays as the scenario left it.
    proxy.use({
      operation: 'updateContact',
      drift: 'the PATCH that puts a contact back is refused',
      answer: (answer, request) => {
        if (!isRestore(request.body)) return;
        answer.status = 400;
        answer.body = { code: 'bad_request', message: 'Invalid request parameters.' };
      },
    });
    const report = await runVerify({ ...everything(server), baseUrl: proxy.url, only: 'contacts.update.tags.add' });
    expect(report.scenarios.find((s) => s.id === 'contacts.update.tags.add')?.outcome).toBe('agree');
    const restore = report.scenarios.find((s) => s.id === 'writes.restore');
    expect(restore).toMatchObject({ outcome: 'error', operation: 'updateContact' });
    expect(restore?.reason).toMatch(/^verify could not put back what it changed \(listed in writes\.left\): contact \d+ in account \d+: the PATCH that puts it back was refused: 400 bad_request/);
    expect(exitCode(report)).toBe(1);
    expect(report.summary.error).toBe(1);
    const left = report.writes.left.filter((w) => w.operation === 'updateContact');
    expect(left).toEqual([expect.objectContaining({ target: expect.stringMatching(/^contact \d+ in account \d+$/), note: expect.stringContaining('not restored: the PATCH that puts it back was refused: 400 bad_request') })]);
    expect(report.writes.undone).toEqual([]);
  } finally {
    await proxy.close();
    await server.close();
  }
}, 60_000);

it('a setup write the service refuses stops its scenario with an error, and names the record in writes.left', async () => {
  const server = await startMockServer({ port: 0, rateLimit: false });
  const proxy = await startDriftProxy(server.url);
  try {
    // Adding the two tags that tags.remove then removes one of: verify's own step, answered 400.
    const isSetup = (body: unknown) => ((body as { tags?: { add?: unknown[] } } | undefined)?.tags?.add ?? []).length === 2;
    proxy.use({
      operation: 'updateContact',
      drift: 'the tags.add verify sends to set up tags.remove is refused',
      answer: (answer, request) => {
        if (!isSetup(request.body)) return;
        answer.status = 400;
        answer.body = { code: 'bad_request', message: 'Invalid request parameters.' };
      },
    });
    const report = await runVerify({ ...everything(server), baseUrl: proxy.url, only: 'contacts.update.tags.remove' });
    const scenario = report.scenarios.find((s) => s.id === 'contacts.update.tags.remove');
    expect(scenario?.outcome).toBe('error');
    expect(scenario?.reason).toMatch(/^verify's own setup write of contact \d+ in account \d+ \(tags\.add, to have a tag to remove\) was refused: 400 bad_request/);
    expect(exitCode(report)).toBe(1);
    expect(report.writes.left).toEqual(expect.arrayContaining([expect.objectContaining({ operation: 'updateContact', target: expect.stringMatching(/^contact \d+ in account \d+$/), note: expect.stringContaining('was refused: 400 bad_request') })]));
  } finally {
    await proxy.close();
    await server.close();
  }
}, 60_000);
