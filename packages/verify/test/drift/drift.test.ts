import { type MockServer, startMockServer } from '@network-org/mock/node';
import { type Report, runVerify } from '@network-org/verify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_KEY, MEMBER_KEY, type MutationName, mutations, type RateLimitMutationName, rateLimitMutations } from './mutations';
import { type DriftProxy, type Mutation, startDriftProxy } from './proxy';

/** The scenario that must catch a mutation, and the difference it must report. */
interface Catch {
  scenario: string;
  /** The JSON path, or `status` / `content-type`. */
  path: string | RegExp;
  expected?: string | RegExp;
  actual?: string | RegExp;
}

const CAUGHT: Record<MutationName, Catch> = {
  'contacts: public_identifier renamed public_id': { scenario: 'contacts.envelope', path: '$.data.contacts[0].public_identifier', expected: 'string', actual: 'missing' },
  'contacts: follower_count as a string': { scenario: 'contacts.envelope', path: /^\$\.data\.contacts\[\d+\]\.follower_count$/, expected: 'number', actual: /^"\d+"$/ },
  'accounts: display_name missing': { scenario: 'accounts.envelope', path: '$.data.accounts[0].display_name', expected: 'string', actual: 'missing' },
  'views: data envelope renamed result': { scenario: 'views.envelope', path: '$.data', actual: 'missing' },
  'organization: an object, not an array': { scenario: 'organization.envelope', path: '$.organization', expected: 'array', actual: 'object' },
  'enrich: participant provider missing': { scenario: 'enrich.profile', path: '$.data.network_enrichment.profile.participant.provider', expected: 'string', actual: 'missing' },
  'find-email: contact_enrichment missing': { scenario: 'contacts.find-email', path: '$.data.contact.contact_enrichment', expected: 'object', actual: 'missing' },
  'accounts: served as text/plain': { scenario: 'accounts.envelope', path: 'content-type', expected: 'application/json', actual: /^text\/plain/ },
  'import: 201 became 200': { scenario: 'contacts.import.created', path: 'status', expected: '201', actual: '200' },
  'import: again is 201': { scenario: 'contacts.import.again', path: 'status', expected: '200', actual: '201' },
  'views: create 201 became 200': { scenario: 'views.create', path: 'status', expected: '201', actual: '200' },
  'contacts: bad_request renamed invalid_request': { scenario: 'contacts.limit.zero', path: '$.code', actual: /invalid_request/ },
  'organization: 401 code invalid_api_key': { scenario: 'auth.key.malformed', path: '$.code', actual: /invalid_api_key/ },
  'activity: member gets 401 instead of 403': { scenario: 'auth.member.activity', path: 'status', expected: '403', actual: '401' },
  'companies: unknown view 400 instead of 404': { scenario: 'companies.filter.view.unknown', path: 'status', expected: '404', actual: '400' },
  'contacts: unshared account allowed for a member': { scenario: 'auth.member.unshared-account', path: 'status', expected: '403', actual: '200' },
  'contacts: limit 100 not clamped': { scenario: 'contacts.limit.clamped', path: '$.data.pagination.limit', expected: '25', actual: '100' },
  'conversations: default limit 20': { scenario: 'conversations.limit.default', path: '$.data.pagination.limit', expected: '10', actual: '20' },
  'contacts: limit 2.5 read as 2': { scenario: 'contacts.limit.fraction', path: 'status', expected: '400', actual: '200' },
  'activity: limit 201 clamped': { scenario: 'activity.limit.bounds', path: 'status', expected: '400', actual: '200' },
  'conversations: next_cursor dropped': { scenario: 'conversations.walk.no-duplicates', path: '$.data.pagination.next_cursor', actual: 'missing' },
  'companies: pages overlap by one': { scenario: 'companies.walk.no-duplicates', path: '$.data.companies[*].company_id', expected: 'each item once across pages' },
  'views: tampered cursor accepted': { scenario: 'views.cursor.tampered', path: 'status', expected: '400', actual: '200' },
  'contacts: relationship_status ignored': { scenario: 'contacts.filter.relationship-status', path: /^\$\.data\.contacts\[\d+\]\.relationship_status$/ },
  'contacts: tag filter ignored': { scenario: 'contacts.filter.tag', path: /^\$\.data\.contacts\[\d+\]\.tags$/ },
  'companies: view_id ignored': { scenario: 'companies.filter.view', path: '$.data.companies[*].company_id' },
  'activity: event_type ignored': { scenario: 'activity.filter.event-type', path: /^\$\.data\.activity\[\d+\]\.event_type$/ },
  'activity: tag accepted': { scenario: 'activity.tag.rejected', path: 'status', expected: '400', actual: '200' },
  'conversations: contact_id pattern not checked': { scenario: 'conversations.contact-id.pattern', path: 'status', expected: '400', actual: '200' },
  'messages: account_id not required': { scenario: 'messages.account-id.required', path: 'status', expected: '400', actual: '200' },
  'activity: to_exclusive false': { scenario: 'activity.window.date-only', path: '$.data.filters.to_exclusive', actual: 'false' },
  'activity: date-only to not advanced': { scenario: 'activity.window.date-only', path: '$.data.filters.to' },
  'messages: oldest first': { scenario: 'messages.order', path: /^\$\.data\.messages\[\d+\]\.sent_at$/ },
  'contacts: PATCH tags.add ignored': { scenario: 'contacts.update.tags.add', path: '$.data.contact.tags', expected: 'a tag "network-verify"' },
  'contacts: PATCH tags.set with add accepted': { scenario: 'contacts.update.tags.set-with-add', path: 'status', expected: '400', actual: '200' },
  'contacts: notes_json null does not clear': { scenario: 'contacts.update.notes', path: '$.data.contact.notes_json', expected: 'null or absent' },
  'contacts: custom field not saved': { scenario: 'contacts.update.custom-field.string', path: /^\$\.data\.contact\[".+"\]$/ },
  'contacts: PATCH answered 201': { scenario: 'contacts.update.read-back', path: 'status', expected: '200', actual: '201' },
  'contacts: PATCH contact renamed record': { scenario: 'contacts.update.tags.add', path: '$.data.contact', actual: 'missing' },
  'companies: PATCH answered 201': { scenario: 'companies.update.round-trip', path: 'status', expected: '200', actual: '201' },
  'accounts: empty list': { scenario: 'accounts.envelope', path: '$.data.accounts', actual: '[]' },
  'contacts: empty list': { scenario: 'contacts.envelope', path: '$.data.contacts', actual: '[]' },
  'companies: empty list': { scenario: 'companies.envelope', path: '$.data.companies', actual: '[]' },
  'conversations: empty list': { scenario: 'conversations.envelope', path: '$.data.conversations', actual: '[]' },
  'views: empty list': { scenario: 'views.envelope', path: '$.data.views', actual: '[]' },
  'drafts: a second draft does not replace': { scenario: 'drafts.replace', path: '$.data.draft.replaced_previous', expected: 'true', actual: 'false' },
  'views: selected_contact_ids missing on create': { scenario: 'views.create', path: '$.data.view.selected_contact_ids' },
  'summary: date-only to not advanced': { scenario: 'summary.envelope', path: '$.data.filters.to' },
  'summary: tag accepted': { scenario: 'summary.tag.rejected', path: 'status', expected: '400', actual: '200' },
  'companies: PATCH notes_json not saved': { scenario: 'companies.update.round-trip', path: '$.data.company.notes_json' },
  'companies: PATCH of an unknown company 400': { scenario: 'companies.update.unknown', path: 'status', expected: '404', actual: '400' },
  'drafts: unknown contact 400': { scenario: 'drafts.unknown-contact', path: 'status', expected: '404', actual: '400' },
  'find-email: unknown contact 404': { scenario: 'contacts.find-email.unknown', path: 'status', expected: '400', actual: '404' },
  'contacts: a cursor overrides the filters sent with it': { scenario: 'contacts.cursor.other-query', path: 'status', expected: '400', actual: '200' },
  'activity: oldest first': { scenario: 'activity.order', path: /^\$\.data\.activity\[\d+\]\.occurred_at$/ },
  'activity: an RFC 3339 to ignored': { scenario: 'activity.window.instants', path: /^\$\.data\.activity\[\d+\]\.occurred_at$/, expected: 'in [2026-01-01T00:00:00Z, 2026-01-08T00:00:00Z)' },
  'contacts: list items carry notes_json': { scenario: 'contacts.list.omitted-fields', path: /^\$\.data\.contacts\[\d+\]\.notes_json$/, expected: 'absent in a list', actual: 'present' },
  'contacts: query filter ignored': { scenario: 'contacts.filter.query', path: /^\$\.data\.contacts\[\d+\]$/, expected: /^a contact whose name, headline, company, role, handle or profile URL contains / },
  'contacts: company_name filter ignored': { scenario: 'contacts.filter.company-name', path: /^\$\.data\.contacts\[\d+\]$/, expected: /^a contact whose current or past company contains / },
  'contacts: account_id wins over view_id': { scenario: 'contacts.scope.view-over-account', path: '$.data.contacts[*].account_relationship_id' },
  'activity: channel filter ignored': { scenario: 'activity.filter.channel', path: /^\$\.data\.activity\[\d+\]\.channel$/ },
  'activity: default time zone not UTC': { scenario: 'activity.timezone.default', path: '$.data.timezone', expected: '"UTC"', actual: '"America/Los_Angeles"' },
  'accounts: a member sees every account': { scenario: 'auth.member.accounts-listed', path: /^\$\.data\.accounts\[\d+\]\.account_id$/, actual: /403 account_shared_access_required/ },
  'contacts: notes_json any text': { scenario: 'contacts.update.notes.not-json', path: 'status', expected: '400', actual: '200' },
  'contacts: tags a PATCH adds vanish from the list': { scenario: 'contacts.update.effect.read-back', path: '$.data.contacts[*].tags' },
  'contacts: a PATCH of tags alone clears the notes, seen on the next read': { scenario: 'contacts.update.effect.read-back', path: '$.data.contact.notes_json', actual: 'null' },
  'find-email: the lookup is forgotten by the next read': { scenario: 'contacts.find-email.effect', path: '$.data.contact.contact_enrichment.work_email.status', actual: '"not_requested"' },
  'contacts: relationship_status holds on the first page only': { scenario: 'contacts.pages.relationship-status.connected', path: /^\$\.data\.contacts\[\d\]$/, expected: 'connected' },
  'contacts: errors labelled application/problem+json': { scenario: 'errors.listContacts.account-id.pattern', path: 'content-type', expected: 'application/json', actual: 'application/problem+json' },
  'import: an unknown profile is 422': { scenario: 'errors.importContact.profile.unknown', path: 'status', expected: '404', actual: '422' },
};

let server: MockServer;
let proxy: DriftProxy;

const run = (only?: string): Promise<Report> =>
  runVerify({
    baseUrl: proxy.url,
    apiKey: ADMIN_KEY,
    memberKey: MEMBER_KEY,
    allowWrites: true,
    allowCredits: true,
    rateLimit: false,
    timeoutMs: 5_000,
    ...(only && { only }),
  });

beforeAll(async () => {
  server = await startMockServer({ port: 0, rateLimit: false });
  proxy = await startDriftProxy(server.url);
});

beforeEach(() => {
  proxy.use(undefined);
  server.mock.reset();
});

afterAll(async () => {
  await proxy?.close();
  await server?.close();
});

describe('the drift proxy without a mutation', () => {
  it('is transparent: the whole suite agrees through it, over all 16 operations', async () => {
    const report = await run();
    const notAgreeing = report.scenarios.filter((s) => s.outcome !== 'agree').map(({ id, outcome, reason, differences }) => ({ id, outcome, reason, differences }));
    // The search inputs the mock's data never holds alone (every headline is "ROLE at COMPANY") are skipped there.
    expect(notAgreeing.map(({ id }) => id)).toEqual(['contacts.query.by-company', 'contacts.query.by-role', 'contacts.search.by-locations', 'rate-limit.probe']);
    expect(notAgreeing.every(({ outcome, differences }) => outcome === 'skipped' && differences.length === 0)).toBe(true);
    expect(proxy.operations.size).toBe(16);
  }, 120_000);
});

/** The scenario named by `caught` differs on the mutated operation, with the difference `caught` describes. */
function expectCaught(report: Report, mutation: Mutation, caught: Catch): void {
  const result = report.scenarios.find((s) => s.id === caught.scenario);
  expect(result, `${caught.scenario} ran`).toBeDefined();
  expect({ operation: result!.operation, outcome: result!.outcome, reason: result!.reason }).toEqual({ operation: mutation.operation, outcome: 'differ', reason: undefined });
  const text = (value: string | RegExp) => (value instanceof RegExp ? expect.stringMatching(value) : value);
  expect(result!.differences).toContainEqual(
    expect.objectContaining({
      path: text(caught.path),
      ...(caught.expected !== undefined && { expected: text(caught.expected) }),
      ...(caught.actual !== undefined && { actual: text(caught.actual) }),
    }),
  );
}

describe('each mutation is reported as a difference of the mutated operation, naming the path or status', () => {
  for (const [name, make] of Object.entries(mutations) as [MutationName, () => Mutation][]) {
    const caught = CAUGHT[name];
    it(`${name} -> ${caught.scenario}`, async () => {
      const mutation = make();
      proxy.use(mutation);
      const report = await run(caught.scenario);
      expect(proxy.mutated).toBeGreaterThan(0);
      expectCaught(report, mutation, caught);
    });
  }
});

const CAUGHT_PAST_THE_LIMIT: Record<RateLimitMutationName, Catch> = {
  'organization: Retry-After as an HTTP date': { scenario: 'rate-limit.probe', path: 'retry-after', expected: /^integer seconds/, actual: /GMT"$/ },
  'organization: Retry-After of an hour': { scenario: 'rate-limit.probe', path: 'retry-after', expected: /^integer seconds from 1 to 10/, actual: '"3600"' },
};

describe('past the rate limit (a mock with a budget of 5 requests a second, probed)', () => {
  let limited: MockServer;
  let limitedProxy: DriftProxy;
  beforeAll(async () => {
    limited = await startMockServer({ port: 0, rateLimit: { requests: 5, windowMs: 1000 } });
    limitedProxy = await startDriftProxy(limited.url);
  });
  afterAll(async () => {
    await limitedProxy?.close();
    await limited?.close();
  });

  for (const [name, make] of Object.entries(rateLimitMutations) as [RateLimitMutationName, () => Mutation][]) {
    const caught = CAUGHT_PAST_THE_LIMIT[name];
    it(`${name} -> ${caught.scenario}`, async () => {
      const mutation = make();
      limitedProxy.use(mutation);
      const report = await runVerify({ baseUrl: limitedProxy.url, apiKey: ADMIN_KEY, rateLimit: false, probeRateLimit: true, timeoutMs: 5_000, only: caught.scenario });
      expect(limitedProxy.mutated).toBeGreaterThan(0);
      expectCaught(report, mutation, caught);
    });
  }
});
