import { createMockApi, type CoverageReport, type OperationCoverage } from '@network-org/mock';
import { operations } from '@network-org/spec/operations';
import { describe, expect, it } from 'vitest';

const ADMIN = { authorization: 'Bearer sk_test_admin', 'content-type': 'application/json' };
const newMock = () => createMockApi({ rateLimit: false, contactsPerAccount: 12 });
const op = (report: CoverageReport, id: string) => report.operations.find((each) => each.operation_id === id) as OperationCoverage;

describe('mock.coverage()', () => {
  it('lists every operation of the spec with its documented responses and parameters, untouched before any request', () => {
    const report = newMock().coverage();
    expect(report.operations.map((each) => each.operation_id)).toEqual(Object.keys(operations));
    expect(report.totals.operations).toEqual({ exercised: 0, of: Object.keys(operations).length });
    const documented = Object.values(operations).reduce((sum, each) => sum + Object.keys(each.responses).length, 0);
    expect(report.totals.responses).toEqual({ seen: 0, of: documented });
    expect(op(report, 'listContacts').unseen_responses).toEqual(Object.keys(operations.listContacts.responses));
    expect(op(report, 'listContacts').parameters_unused).toContain('view_id');
    expect(report.spec_version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('counts calls, statuses, error codes, parameters, body fields, pages and forced answers', async () => {
    const mock = newMock();
    const first = await (await mock.fetch('/v1/contacts?limit=2', { headers: ADMIN })).json();
    await mock.fetch(`/v1/contacts?limit=2&cursor=${encodeURIComponent(first.data.pagination.next_cursor)}`, { headers: ADMIN });
    await mock.fetch('/v1/contacts');
    mock.faults.add({ method: 'POST', path: '/v1/enrich', status: 502, code: 'upstream_error' });
    await mock.fetch('/v1/enrich', { method: 'POST', headers: ADMIN, body: JSON.stringify({ account_id: '1', network_url: 'x' }) });
    const [contact] = first.data.contacts;
    mock.override('updateContact', ({ next }) => next(), { times: 1 });
    await mock.fetch(`/v1/contacts/${contact.contact_id}`, { method: 'PATCH', headers: ADMIN, body: JSON.stringify({ account_id: contact.account.account_id, notes_json: null }) });

    const report = mock.coverage();
    const list = op(report, 'listContacts');
    expect(list.calls).toBe(3);
    expect(list.statuses).toEqual({ '200': 2, '401': 1 });
    expect(list.error_codes).toEqual({ unauthorized: 1 });
    expect(list.parameters_used).toEqual(['limit', 'cursor']);
    expect(list.unseen_responses).toEqual(['400', '403', '429', '500']);
    expect(list.pages_followed).toBe(1);
    const enrich = op(report, 'enrich');
    expect(enrich).toMatchObject({ calls: 1, statuses: { '502': 1 }, error_codes: { upstream_error: 1 }, forced: { faults: 1, overrides: 0 } });
    // A fault answers before the body is read: it names no field.
    expect(enrich.body_fields_used).toEqual([]);
    const update = op(report, 'updateContact');
    expect(update).toMatchObject({ calls: 1, statuses: { '200': 1 }, forced: { faults: 0, overrides: 1 }, parameters_used: ['contact_id'] });
    expect(update.body_fields_used).toEqual(['account_id', 'notes_json']);
    expect(report.totals.operations.exercised).toBe(3);
    expect(report.totals.responses.seen).toBe(4);
  });

  it('lists requests that matched no operation apart, with their near-miss hint', async () => {
    const mock = newMock();
    await mock.fetch('/v1/contact', { headers: ADMIN });
    await mock.fetch('/v1/contact', { headers: ADMIN });
    await mock.fetch('/v1/accounts', { method: 'DELETE', headers: ADMIN });
    const { unmatched } = mock.coverage();
    expect(unmatched).toEqual([
      { method: 'GET', path: '/v1/contact', calls: 2, hint: expect.stringContaining('Did you mean GET /v1/contacts?') },
      { method: 'DELETE', path: '/v1/accounts', calls: 1, hint: expect.stringContaining('that path accepts GET') },
    ]);
  });

  it('keeps no body value, header value or key: only names and counts', async () => {
    const mock = newMock();
    await mock.fetch('/v1/contacts?search=secret-search-term', { headers: { ...ADMIN, 'x-trace': 'secret-header' } });
    await mock.fetch('/v1/views', {
      method: 'POST',
      headers: ADMIN,
      body: JSON.stringify({ account_id: '1', type: 'contact', name: 'secret-view-name', filters: { specific_contacts: { contact_ids: ['1'] } } }),
    });
    const text = JSON.stringify(mock.coverage());
    for (const secret of ['secret-search-term', 'secret-header', 'secret-view-name', 'sk_test_admin', 'x-trace']) expect(text).not.toContain(secret);
    expect(op(mock.coverage(), 'createView').body_fields_used).toEqual(['account_id', 'type', 'name', 'filters']);
  });

  it('gives each session its own report, keeps a dropped session in the whole mock, and forgets all on coverage.reset()', async () => {
    const mock = createMockApi({ rateLimit: false, contactsPerAccount: 12, maxSessions: 1 });
    await mock.session('a').fetch('/v1/accounts', { headers: ADMIN });
    // A second session evicts the first (maxSessions 1): its counts stay in the whole mock's.
    await mock.session('b').fetch('/v1/organization', { headers: ADMIN });
    await mock.session('b').fetch('/v1/organization', { headers: ADMIN });
    expect(op(mock.session('b').coverage(), 'listOrganizations').calls).toBe(2);
    expect(op(mock.session('b').coverage(), 'listAccounts').calls).toBe(0);
    expect(mock.coverage().totals.operations.exercised).toBe(2);
    mock.reset();
    expect(op(mock.coverage(), 'listAccounts').calls).toBe(1);
    mock.coverage.reset();
    expect(mock.coverage().totals.operations.exercised).toBe(0);
  });

  it('records nothing with coverage: false', async () => {
    const mock = createMockApi({ rateLimit: false, contactsPerAccount: 12, coverage: false });
    await mock.fetch('/v1/accounts', { headers: ADMIN });
    expect(mock.coverage().totals.operations.exercised).toBe(0);
  });

  it('stays bounded: a flood of distinct unknown paths keeps a fixed number and counts the rest', async () => {
    const mock = newMock();
    for (let index = 0; index < 120; index++) await mock.fetch(`/v1/nothing-${index}`, { headers: ADMIN });
    const report = mock.coverage();
    expect(report.unmatched).toHaveLength(50);
    expect(report.unmatched_other).toBe(70);
  });
});

describe('GET /__mock/coverage', () => {
  it('gives the whole mock without X-Mock-Session and one session with it', async () => {
    const mock = newMock();
    await mock.session('one').fetch('/v1/accounts', { headers: ADMIN });
    await mock.fetch('/v1/organization', { headers: ADMIN });
    const whole = (await (await mock.fetch('/__mock/coverage')).json()) as CoverageReport;
    expect(whole.totals.operations.exercised).toBe(2);
    const one = (await (await mock.fetch('/__mock/coverage', { headers: { 'x-mock-session': 'one' } })).json()) as CoverageReport;
    expect(one.totals.operations.exercised).toBe(1);
    expect(op(one, 'listAccounts').calls).toBe(1);
    // Asking for a session that never ran creates none.
    const none = (await (await mock.fetch('/__mock/coverage', { headers: { 'x-mock-session': 'never' } })).json()) as CoverageReport;
    expect(none.totals.operations.exercised).toBe(0);
    expect(mock.sessionNames()).toEqual(['one']);
    expect((await mock.fetch('/__mock/coverage', { method: 'DELETE' })).status).toBe(200);
    expect(mock.coverage().totals.operations.exercised).toBe(0);
  });
});
