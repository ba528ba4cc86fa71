import { type MockServer, startMockServer } from '@network-org/mock/node';
import { runVerify } from '@network-org/verify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DriftProxy, startDriftProxy } from '../drift/proxy';
import { everything } from '../support/mock';

let server: MockServer;
let proxy: DriftProxy;

beforeAll(async () => {
  server = await startMockServer({ port: 0, rateLimit: false });
  proxy = await startDriftProxy(server.url);
});

afterAll(async () => {
  await proxy?.close();
  await server?.close();
});

/** The contacts envelope scenario through the proxy, each list answer's body changed by `change`. */
async function contactsEnvelope(change: (data: { contacts: Record<string, unknown>[]; pagination: Record<string, unknown> }) => void) {
  proxy.use({ operation: 'listContacts', drift: 'each answer changed', answer: (answer) => void (answer.body?.data && change(answer.body.data)) });
  try {
    const report = await runVerify({ ...everything(server), baseUrl: proxy.url, only: 'contacts.envelope' });
    return { scenario: report.scenarios.find((s) => s.id === 'contacts.envelope')!, discoveries: report.discoveries };
  } finally {
    proxy.use(undefined);
  }
}

it('a key the spec does not define, on every record, is a discovery and not a difference', async () => {
  const { scenario, discoveries } = await contactsEnvelope((data) => void (data.pagination.total_count = 42));
  expect(scenario.differences).toEqual([]);
  expect(discoveries).toContainEqual(expect.objectContaining({ operation: 'listContacts', path: '$.data.pagination.total_count' }));
});

it('a field the mock always sends, missing from every record, is a difference naming the likely rename', async () => {
  const { scenario } = await contactsEnvelope((data) =>
    data.contacts.forEach((contact) => {
      contact.head_line = contact.headline;
      delete contact.headline;
    }),
  );
  expect(scenario.outcome).toBe('differ');
  expect(scenario.differences).toContainEqual(expect.objectContaining({ path: '$.data.contacts[*].headline', note: expect.stringContaining('likely renamed: head_line') }));
});

it('a field of the spec that the mock never sends there, on every record, is a difference', async () => {
  const { scenario } = await contactsEnvelope((data) => data.contacts.forEach((contact) => void (contact.notes_json = null)));
  expect(scenario.outcome).toBe('differ');
  expect(scenario.differences).toContainEqual(expect.objectContaining({ path: '$.data.contacts[*].notes_json', expected: 'absent (the mock never sends it)' }));
});
