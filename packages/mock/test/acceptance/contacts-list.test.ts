import { beforeAll, describe, expect, it } from 'vitest';
import { acmeAccounts, api, expectError, get, KEYS, useMock, walk, type Accounts } from '../support/harness';

useMock();

let accounts: Accounts;
let all: any[];
const ids = (items: { contact_id: string }[]) => items.map((item) => item.contact_id);

beforeAll(async () => {
  accounts = await acmeAccounts();
  all = await walk(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&limit=25`, 'contacts');
});

describe('GET /v1/contacts: paging (sections 4, 8 and contract §5)', () => {
  it('defaults limit to 10 and echoes it', async () => {
    const page = await get(KEYS.admin, '/v1/contacts');
    expect(page.status).toBe(200);
    expect(page.body.data.contacts).toHaveLength(10);
    expect(page.body.data.pagination.limit).toBe(10);
    expect(page.body.data.pagination.has_more).toBe(true);
    expect(typeof page.body.data.pagination.next_cursor).toBe('string');
  });

  it('clamps a limit above 25 to 25 in the items and in pagination.limit', async () => {
    for (const limit of ['26', '100', '1000', '99999999999']) {
      const page = await get(KEYS.admin, `/v1/contacts?limit=${limit}`);
      expect(page.status, limit).toBe(200);
      expect(page.body.data.contacts).toHaveLength(25);
      expect(page.body.data.pagination.limit).toBe(25);
    }
  });

  it('takes limit 1 and 25 as they are', async () => {
    expect((await get(KEYS.admin, '/v1/contacts?limit=1')).body.data.contacts).toHaveLength(1);
    const page = await get(KEYS.admin, '/v1/contacts?limit=25');
    expect(page.body.data.contacts).toHaveLength(25);
    expect(page.body.data.pagination.limit).toBe(25);
  });

  it('answers 400 for a limit below 1 or not an integer', async () => {
    for (const limit of ['0', '-1', '-100', '2.5', 'abc', 'ten', '', '1e400x']) {
      expectError(await get(KEYS.admin, `/v1/contacts?limit=${limit}`), 400, 'bad_request', /limit/);
    }
  });

  it('walks every contact once with next_cursor, and the cursor keeps the query', async () => {
    const walked = await walk(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&limit=7`, 'contacts');
    expect(ids(walked)).toEqual(ids(all));
  });

  it('answers 400 for a tampered cursor, a cursor of another query and a cursor of another endpoint', async () => {
    const first = await get(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&limit=5`);
    const cursor = first.body.data.pagination.next_cursor as string;
    const tampered = `${cursor.slice(0, -2)}${cursor.endsWith('A') ? 'B' : 'A'}${cursor.slice(-1)}`;
    expectError(await get(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&limit=5&cursor=${tampered}`), 400, 'bad_request');
    expectError(await get(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&limit=5&cursor=not-a-cursor`), 400, 'bad_request');
    expectError(await get(KEYS.admin, `/v1/contacts?account_id=${accounts.member}&limit=5&cursor=${cursor}`), 400, 'bad_request');
    expectError(
      await get(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&relationship_status=connected&cursor=${cursor}`),
      400,
      'bad_request',
    );
    expectError(await get(KEYS.admin, `/v1/views?account_id=${accounts.shared}&cursor=${cursor}`), 400, 'bad_request');
    expectError(await get(KEYS.admin, `/v1/companies?account_id=${accounts.shared}&cursor=${cursor}`), 400, 'bad_request');
    const unscoped = (await get(KEYS.admin, '/v1/contacts?limit=5')).body.data.pagination.next_cursor as string;
    expectError(await get(KEYS.otherOrg, `/v1/contacts?limit=5&cursor=${unscoped}`), 400, 'bad_request');
  });

  it('ignores unknown query parameters', async () => {
    const plain = await get(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}`);
    const extra = await get(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&foo=bar&sort=desc&page=3`);
    expect(extra.status).toBe(200);
    expect(ids(extra.body.data.contacts)).toEqual(ids(plain.body.data.contacts));
  });
});

describe('GET /v1/contacts: account_id', () => {
  it('takes repeated, comma-separated and mixed forms alike', async () => {
    const { shared, member, private: own } = accounts;
    const repeated = await walk(KEYS.admin, `/v1/contacts?account_id=${shared}&account_id=${member}&limit=25`, 'contacts');
    const commas = await walk(KEYS.admin, `/v1/contacts?account_id=${shared},${member}&limit=25`, 'contacts');
    const encoded = await walk(KEYS.admin, `/v1/contacts?account_id=${shared}%2C${member}&limit=25`, 'contacts');
    expect(ids(commas)).toEqual(ids(repeated));
    expect(ids(encoded)).toEqual(ids(repeated));
    expect(new Set(repeated.map((contact) => contact.account.account_id))).toEqual(new Set([shared, member]));
    const mixed = await walk(KEYS.admin, `/v1/contacts?account_id=${shared},${member}&account_id=${own}&limit=25`, 'contacts');
    expect(new Set(mixed.map((contact) => contact.account.account_id))).toEqual(new Set([shared, member, own]));
  });

  it('answers 400 for an id off the pattern or unknown, 403 for an unshared one', async () => {
    for (const bad of ['abc', '0', '01', '-5', '1.5', '999999999']) {
      expectError(await get(KEYS.admin, `/v1/contacts?account_id=${bad}`), 400, 'bad_request', /account_id/);
    }
    expectError(await get(KEYS.admin, `/v1/contacts?account_id=${accounts.shared},abc`), 400, 'bad_request');
    expectError(await get(KEYS.member, `/v1/contacts?account_id=${accounts.shared},${accounts.private}`), 403, 'account_shared_access_required');
  });

  it('lists every accessible account when account_id is absent', async () => {
    const member = await walk(KEYS.member, '/v1/contacts?limit=25', 'contacts');
    expect(new Set(member.map((contact) => contact.account.account_id))).toEqual(new Set([accounts.shared, accounts.member]));
  });
});

describe('GET /v1/contacts: filters', () => {
  it('defaults relationship_status to any and filters by each status', async () => {
    const any = await walk(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&relationship_status=any&limit=25`, 'contacts');
    expect(ids(any)).toEqual(ids(all));
    for (const status of ['connected', 'not_connected', 'unknown']) {
      const some = await walk(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&relationship_status=${status}&limit=25`, 'contacts');
      expect(some.length).toBeGreaterThan(0);
      expect(ids(some)).toEqual(ids(all.filter((contact) => contact.relationship_status === status)));
    }
    expectError(await get(KEYS.admin, '/v1/contacts?relationship_status=friends'), 400, 'bad_request', /relationship_status/);
    expectError(await get(KEYS.admin, '/v1/contacts?invitation_status=accepted'), 400, 'bad_request', /invitation_status/);
  });

  it('filters by tag name, case-insensitively', async () => {
    const tagged = all.filter((contact) => contact.tags.some((tag: { name: string }) => tag.name === 'Customer'));
    expect(tagged.length).toBeGreaterThan(0);
    for (const tag of ['Customer', 'customer', 'CUSTOMER']) {
      const found = await walk(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&tag=${tag}&limit=25`, 'contacts');
      expect(ids(found)).toEqual(ids(tagged));
    }
    const spaced = await walk(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&tag=Do%20not%20contact&limit=25`, 'contacts');
    expect(ids(spaced)).toEqual(ids(all.filter((contact) => contact.tags.some((tag: { name: string }) => tag.name === 'Do not contact'))));
  });

  it('finds a contact by query over name, headline, company, role, handle and profile URL', async () => {
    const target = all[17];
    for (const value of [
      target.name,
      target.first_name.toUpperCase(),
      target.public_identifier,
      target.network_url,
      target.headline,
      target.primary_company_name,
      target.primary_role_title,
    ]) {
      const found = await walk(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&query=${encodeURIComponent(value)}&limit=25`, 'contacts');
      expect(ids(found), value).toContain(target.contact_id);
    }
    const none = await get(KEYS.admin, `/v1/contacts?query=${encodeURIComponent('zzz no such person zzz')}`);
    expect(none.body.data.contacts).toEqual([]);
    expect(none.body.data.pagination).toEqual({ limit: 10, has_more: false });
  });

  it('filters by company_name over current and past companies, headline, location and search', async () => {
    const target = all[23];
    const past = target.experiences.find((experience: { is_current: boolean }) => !experience.is_current);
    for (const [param, value] of [
      ['company_name', target.company.name],
      ['company_name', past.company_name],
      ['headline', target.headline],
      ['location', target.locations[0].city],
      ['search', target.educations[0].school_name],
      ['search', target.company.industries[0].name],
    ] as const) {
      const found = await walk(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&${param}=${encodeURIComponent(value)}&limit=25`, 'contacts');
      expect(ids(found), `${param}=${value}`).toContain(target.contact_id);
    }
  });

  it('finds contacts by a tag or note through search', async () => {
    const target = all[30];
    const patched = await api(KEYS.admin, 'PATCH', `/v1/contacts/${target.contact_id}`, {
      body: { notes_json: JSON.stringify({ text: 'Met at Quetzalcoatl summit' }), tags: { add: [{ name: 'Zebra-club', color: 'green' }] } },
    });
    expect(patched.status).toBe(200);
    for (const term of ['quetzalcoatl', 'zebra-club']) {
      const found = await walk(KEYS.admin, `/v1/contacts?search=${term}&limit=25`, 'contacts');
      expect(ids(found)).toEqual([target.contact_id]);
    }
  });

  it('filters by company_size as a range or an employee count', async () => {
    const target = all[3];
    const bySize = await walk(
      KEYS.admin,
      `/v1/contacts?account_id=${accounts.shared}&company_size=${encodeURIComponent(target.company.headcount)}&limit=25`,
      'contacts',
    );
    expect(ids(bySize)).toContain(target.contact_id);
    for (const contact of bySize) expect(contact.company.headcount).toBe(target.company.headcount);
    const byCount = await walk(
      KEYS.admin,
      `/v1/contacts?account_id=${accounts.shared}&company_size=${target.company.employee_count}&limit=25`,
      'contacts',
    );
    expect(ids(byCount)).toContain(target.contact_id);
  });

  it('filters by conversation_id to the participants, 400 for an unknown conversation', async () => {
    const conversation = (await get(KEYS.admin, `/v1/conversations?account_id=${accounts.shared}&limit=1`)).body.data.conversations[0];
    const found = await walk(KEYS.admin, `/v1/contacts?conversation_id=${conversation.conversation_id}&limit=25`, 'contacts');
    expect(found.length).toBeGreaterThan(0);
    for (const contact of found) expect(contact.account.account_id).toBe(accounts.shared);
    expectError(await get(KEYS.admin, '/v1/contacts?conversation_id=999999999'), 400, 'bad_request');
  });
});

describe('GET /v1/contacts: filters together', () => {
  it('combines filters with AND and pages the result in a stable order', async () => {
    const expected = all.filter(
      (contact) => contact.relationship_status === 'connected' && contact.tags.some((tag: { name: string }) => tag.name === 'Prospect'),
    );
    expect(expected.length).toBeGreaterThan(2);
    const path = `/v1/contacts?account_id=${accounts.shared}&relationship_status=connected&tag=prospect&limit=2`;
    const first = await walk(KEYS.admin, path, 'contacts');
    expect(ids(first)).toEqual(ids(expected));
    expect(ids(await walk(KEYS.admin, path, 'contacts'))).toEqual(ids(first));
    const narrower = await walk(KEYS.admin, `${path}&query=${encodeURIComponent(expected[0].name)}`, 'contacts');
    expect(ids(narrower)).toContain(expected[0].contact_id);
    for (const contact of narrower) expect(expected.map((item) => item.contact_id)).toContain(contact.contact_id);
  });
});

describe('GET /v1/contacts: view_id', () => {
  it('takes a view id or public_id alike, scoped to the view account', async () => {
    const views = (await get(KEYS.admin, `/v1/views?account_id=${accounts.member}`)).body.data.views;
    for (const view of views) {
      const byId = await walk(KEYS.admin, `/v1/contacts?view_id=${view.id}&limit=25`, 'contacts');
      const byPublicId = await walk(KEYS.admin, `/v1/contacts?view_id=${view.public_id}&limit=25`, 'contacts');
      expect(byId.length).toBeGreaterThan(0);
      expect(ids(byPublicId)).toEqual(ids(byId));
      for (const contact of byId) expect(contact.account.account_id).toBe(accounts.member);
    }
  });

  it('works for an API-created view, with further filters', async () => {
    const picked = all.slice(0, 6);
    const created = await api(KEYS.admin, 'POST', '/v1/views', {
      body: {
        account_id: accounts.shared,
        type: 'contact',
        name: 'Six',
        description: 'six picked',
        filters: { specific_contacts: { contact_ids: ids(picked) } },
      },
    });
    expect(created.status).toBe(201);
    const view = created.body.data.view;
    const byId = await walk(KEYS.admin, `/v1/contacts?view_id=${view.id}`, 'contacts');
    expect(new Set(ids(byId))).toEqual(new Set(ids(picked)));
    const byPublicId = await walk(KEYS.admin, `/v1/contacts?view_id=${view.public_id}`, 'contacts');
    expect(ids(byPublicId)).toEqual(ids(byId));
    const connected = await walk(KEYS.admin, `/v1/contacts?view_id=${view.id}&relationship_status=connected`, 'contacts');
    expect(new Set(ids(connected))).toEqual(new Set(ids(picked.filter((contact) => contact.relationship_status === 'connected'))));
  });

  it('answers 400 for an unknown view and 403 for a view of an unshared account', async () => {
    expectError(await get(KEYS.admin, '/v1/contacts?view_id=999999999'), 400, 'bad_request');
    expectError(await get(KEYS.admin, '/v1/contacts?view_id=vw_nosuchview'), 400, 'bad_request');
    const privateView = (await get(KEYS.admin, `/v1/views?account_id=${accounts.private}`)).body.data.views[0];
    expectError(await get(KEYS.member, `/v1/contacts?view_id=${privateView.id}`), 403, 'account_shared_access_required');
  });
});

describe('GET /v1/contacts: item shape (section 2)', () => {
  it('carries the contact fields, with custom fields as top-level keys', () => {
    const contact = all.find((candidate) => candidate['Deal stage'] !== undefined)!;
    for (const key of [
      'account_relationship_id',
      'contact_id',
      'provider_participant_id',
      'public_identifier',
      'account',
      'name',
      'first_name',
      'last_name',
      'headline',
      'network_url',
      'relationship_status',
      'tags',
      'languages',
      'experiences',
      'educations',
      'locations',
      'company',
      'app_url',
    ]) {
      expect(contact, key).toHaveProperty(key);
    }
    expect(contact.account.account_id).toBe(accounts.shared);
    expect(Number.isInteger(contact.follower_count)).toBe(true);
    expect(Number.isInteger(contact.connections_count)).toBe(true);
    for (const tag of contact.tags) expect(Object.keys(tag).sort()).toEqual(['color', 'name']);
    expect(new URL(contact.app_url).protocol).toMatch(/^https?:$/);
    expect(new URL(contact.network_url).protocol).toMatch(/^https?:$/);
  });
});
