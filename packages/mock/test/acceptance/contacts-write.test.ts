import { beforeAll, describe, expect, it } from 'vitest';
import { acmeAccounts, api, BASE_URL, expectError, freshProfileUrls, get, KEYS, useMock, walk, type Accounts } from '../support/harness';

useMock();

let accounts: Accounts;
let contacts: any[];
let cursor = 0;
/** A contact of the shared account no other test of this file touches. */
const nextContact = () => contacts[cursor++]!;
const patch = (id: string, body: unknown, key: string = KEYS.admin) => api(key, 'PATCH', `/v1/contacts/${id}`, { body });
/** The contact as an update with no changes shows it (notes and custom fields included). */
const fullContact = async (id: string) => (await patch(id, {})).body.data.contact;

beforeAll(async () => {
  accounts = await acmeAccounts();
  contacts = await walk(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&limit=25`, 'contacts');
});

describe('PATCH /v1/contacts/{contact_id}: tags', () => {
  it('adds tags, without duplicating a name already there', async () => {
    const contact = nextContact();
    const first = await patch(contact.contact_id, { account_id: accounts.shared, tags: { set: [{ name: 'Customer', color: 'green' }] } });
    expect(first.status).toBe(200);
    const added = await patch(contact.contact_id, {
      tags: { add: [{ name: 'Customer', color: 'green' }, { name: 'VIP', color: 'red' }] },
    });
    expect(added.status).toBe(200);
    const names = added.body.data.contact.tags.map((tag: { name: string }) => tag.name);
    expect(names.sort()).toEqual(['Customer', 'VIP']);
    const again = await patch(contact.contact_id, { tags: { add: [{ name: 'VIP', color: 'red' }] } });
    expect(again.body.data.contact.tags).toHaveLength(2);
  });

  it('removes tags by name, and removing an absent tag changes nothing', async () => {
    const contact = nextContact();
    await patch(contact.contact_id, { tags: { set: [{ name: 'A', color: 'green' }, { name: 'B', color: 'red' }] } });
    const removed = await patch(contact.contact_id, { tags: { remove: ['A', 'Not there'] } });
    expect(removed.status).toBe(200);
    expect(removed.body.data.contact.tags).toEqual([{ name: 'B', color: 'red' }]);
    const nothing = await patch(contact.contact_id, { tags: { remove: ['Not there'] } });
    expect(nothing.status).toBe(200);
    expect(nothing.body.data.contact.tags).toEqual([{ name: 'B', color: 'red' }]);
  });

  it('adds and removes in one request', async () => {
    const contact = nextContact();
    await patch(contact.contact_id, { tags: { set: [{ name: 'Old', color: 'red' }] } });
    const both = await patch(contact.contact_id, { tags: { add: [{ name: 'New', color: 'green' }], remove: ['Old'] } });
    expect(both.status).toBe(200);
    expect(both.body.data.contact.tags).toEqual([{ name: 'New', color: 'green' }]);
  });

  it('replaces every tag with set, and set [] clears them', async () => {
    const contact = nextContact();
    const set = await patch(contact.contact_id, { tags: { set: [{ name: 'Only', color: 'green' }] } });
    expect(set.body.data.contact.tags).toEqual([{ name: 'Only', color: 'green' }]);
    const cleared = await patch(contact.contact_id, { tags: { set: [] } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.contact.tags).toEqual([]);
    const listed = await get(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&query=${contact.public_identifier}`);
    expect(listed.body.data.contacts[0].tags).toEqual([]);
  });

  it('answers 400 when set is mixed with add or remove, and changes nothing', async () => {
    const contact = nextContact();
    await patch(contact.contact_id, { tags: { set: [{ name: 'Keep', color: 'green' }] } });
    for (const tags of [
      { set: [{ name: 'X', color: 'red' }], add: [{ name: 'Y', color: 'red' }] },
      { set: [], remove: ['Keep'] },
    ]) {
      expectError(await patch(contact.contact_id, { tags, notes_json: '{"a":1}' }), 400, 'bad_request', /set/);
    }
    const after = await fullContact(contact.contact_id);
    expect(after.tags).toEqual([{ name: 'Keep', color: 'green' }]);
    expect(after.notes_json).not.toBe('{"a":1}');
  });

  it('keeps colors other than green and red, and refuses an empty name or color', async () => {
    const contact = nextContact();
    const blue = await patch(contact.contact_id, { tags: { add: [{ name: 'Blue one', color: 'blue' }] } });
    expect(blue.status).toBe(200);
    expect(blue.body.data.contact.tags).toContainEqual({ name: 'Blue one', color: 'blue' });
    for (const tag of [{ name: '', color: 'red' }, { name: 'X', color: '' }, { name: 'X' }, { color: 'red' }, 'X']) {
      expectError(await patch(contact.contact_id, { tags: { add: [tag] } }), 400, 'bad_request', /tags/);
    }
    expectError(await patch(contact.contact_id, { tags: { remove: [''] } }), 400, 'bad_request');
    expectError(await patch(contact.contact_id, { tags: ['Customer'] }), 400, 'bad_request');
    expectError(await patch(contact.contact_id, { tags: { replace: [] } }), 400, 'bad_request');
  });
});

describe('PATCH /v1/contacts/{contact_id}: notes and custom fields', () => {
  it('returns notes_json and custom fields, and null clears each', async () => {
    const contact = nextContact();
    const notes = JSON.stringify([{ text: 'Called on Monday' }]);
    const set = await patch(contact.contact_id, {
      account_id: accounts.shared,
      notes_json: notes,
      'Deal stage': 'Proposal',
      'Lead score': 7,
      'Is customer': false,
    });
    expect(set.status).toBe(200);
    expect(set.body.data.contact).toMatchObject({ notes_json: notes, 'Deal stage': 'Proposal', 'Lead score': 7, 'Is customer': false });
    const listed = (await get(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&query=${contact.public_identifier}`)).body.data
      .contacts[0];
    expect(listed).toMatchObject({ 'Deal stage': 'Proposal', 'Lead score': 7, 'Is customer': false });

    const cleared = await patch(contact.contact_id, { notes_json: null, 'Deal stage': null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.contact.notes_json).toBeNull();
    expect(cleared.body.data.contact['Deal stage'] ?? null).toBeNull();
    expect(cleared.body.data.contact['Lead score']).toBe(7);
  });

  it('answers 400 for notes_json that is not JSON text, or not a string', async () => {
    const contact = nextContact();
    const before = await fullContact(contact.contact_id);
    for (const notes_json of ['not json', '{', '', 42, { text: 'x' }, ['x'], true]) {
      expectError(await patch(contact.contact_id, { notes_json }), 400, 'bad_request', /notes_json/);
    }
    expect((await fullContact(contact.contact_id)).notes_json).toEqual(before.notes_json);
  });

  it('answers 400 for an unregistered field, another case of a name, or a value of the wrong type, and changes nothing', async () => {
    const contact = nextContact();
    const before = await fullContact(contact.contact_id);
    for (const body of [
      { 'Favorite color': 'blue' },
      { 'deal stage': 'Won' },
      { Tier: 'SMB' },
      { 'Deal stage': 5 },
      { 'Lead score': '5' },
      { 'Is customer': 'yes' },
      { 'Deal stage': ['Won'] },
      { 'Deal stage': { value: 'Won' } },
    ]) {
      const reply = await patch(contact.contact_id, { ...body, notes_json: '{"changed":true}', tags: { add: [{ name: 'Z', color: 'red' }] } });
      expectError(reply, 400, 'bad_request', new RegExp(Object.keys(body)[0]!));
    }
    expect(await fullContact(contact.contact_id)).toEqual(before);
  });

  it('accepts a body with only account_id (or empty) and changes nothing', async () => {
    const contact = nextContact();
    const before = await fullContact(contact.contact_id);
    const reply = await patch(contact.contact_id, { account_id: accounts.shared });
    expect(reply.status).toBe(200);
    expect(reply.body.data.contact).toEqual(before);
    expect(reply.body.data.contact).toHaveProperty('notes_json');
  });
});

describe('PATCH /v1/contacts/{contact_id}: ids and bodies', () => {
  it('answers 400 for an unknown, foreign or malformed contact id (not 404)', async () => {
    const globex = (await get(KEYS.otherOrg, '/v1/contacts?limit=1')).body.data.contacts[0].contact_id;
    for (const id of ['999999999', globex, 'abc', '0', '01', '-1', '1.5']) {
      expectError(await patch(id, { notes_json: null }), 400, 'bad_request');
    }
  });

  it('answers 400 when account_id is not the account of the contact, 403 when the account is not shared', async () => {
    const contact = nextContact();
    expectError(await patch(contact.contact_id, { account_id: accounts.member, notes_json: null }), 400, 'bad_request');
    expectError(await patch(contact.contact_id, { account_id: 'abc' }), 400, 'bad_request', /account_id/);
    expectError(await patch(contact.contact_id, { account_id: 101 }), 400, 'bad_request', /account_id/);
    const privateContact = (await get(KEYS.admin, `/v1/contacts?account_id=${accounts.private}&limit=1`)).body.data.contacts[0];
    expectError(await patch(privateContact.contact_id, { notes_json: null }, KEYS.member), 403, 'account_shared_access_required');
    expectError(
      await patch(privateContact.contact_id, { account_id: accounts.private, notes_json: null }, KEYS.member),
      403,
      'account_shared_access_required',
    );
  });

  it('answers 400 for a body that is not JSON, not an object, or over 1 MiB, and changes nothing', async () => {
    const contact = nextContact();
    const before = await fullContact(contact.contact_id);
    for (const rawBody of ['{not json', '[]', '"text"', '42', 'null', '[{"notes_json":null}]']) {
      expectError(await api(KEYS.admin, 'PATCH', `/v1/contacts/${contact.contact_id}`, { rawBody }), 400, 'bad_request');
    }
    const huge = JSON.stringify({ notes_json: JSON.stringify({ text: 'x'.repeat(1024 * 1024) }) });
    const tooBig = await api(KEYS.admin, 'PATCH', `/v1/contacts/${contact.contact_id}`, { rawBody: huge });
    expect([400, 413]).toContain(tooBig.status);
    expect(tooBig.body.code).toBe('bad_request');
    expect(await fullContact(contact.contact_id)).toEqual(before);
  });

  it('answers 400 for a missing body', async () => {
    const contact = nextContact();
    const reply = await fetch(`${BASE_URL}/v1/contacts/${contact.contact_id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${KEYS.admin}` },
    });
    expect(reply.status).toBe(400);
  });
});

describe('POST /v1/contacts (import)', () => {
  it('answers 201 the first time and 200 with the same contact after, both with warnings', async () => {
    const [url] = await freshProfileUrls(1);
    const first = await api(KEYS.admin, 'POST', '/v1/contacts', { body: { account_id: accounts.shared, network_url: url } });
    expect(first.status).toBe(201);
    expect(Array.isArray(first.body.data.warnings)).toBe(true);
    const contact = first.body.data.contact;
    expect(contact.contact_id).toMatch(/^[1-9][0-9]*$/);
    expect(contact.account.account_id).toBe(accounts.shared);
    expect(contact.network_url).toBe(url);
    for (const omitted of ['work_email', 'phone', 'avatar_url']) expect(contact).not.toHaveProperty(omitted);
    const again = await api(KEYS.admin, 'POST', '/v1/contacts', { body: { account_id: accounts.shared, network_url: url } });
    expect(again.status).toBe(200);
    expect(again.body.data.contact.contact_id).toBe(contact.contact_id);
    expect(Array.isArray(again.body.data.warnings)).toBe(true);

    const listed = await walk(KEYS.admin, `/v1/contacts?account_id=${accounts.shared}&query=${encodeURIComponent(url!)}`, 'contacts');
    expect(listed.map((item) => item.contact_id)).toEqual([contact.contact_id]);
    const profiles = await (await fetch(`${BASE_URL}/__mock/network-profiles?imported=false&limit=2000`)).json();
    expect(profiles.profiles.map((profile: { network_url: string }) => profile.network_url)).not.toContain(url);

    const elsewhere = await api(KEYS.admin, 'POST', '/v1/contacts', { body: { account_id: accounts.member, network_url: url } });
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body.data.contact.account.account_id).toBe(accounts.member);
  });

  it('imports a profile that is already a contact of another account with 201 in a new account', async () => {
    const memberContact = (await get(KEYS.admin, `/v1/contacts?account_id=${accounts.member}&limit=1`)).body.data.contacts[0];
    const reply = await api(KEYS.admin, 'POST', '/v1/contacts', {
      body: { account_id: accounts.shared, network_url: memberContact.network_url },
    });
    expect(reply.status).toBe(201);
    const same = await api(KEYS.admin, 'POST', '/v1/contacts', {
      body: { account_id: accounts.member, network_url: memberContact.network_url },
    });
    expect(same.status).toBe(200);
    expect(same.body.data.contact.contact_id).toBe(memberContact.contact_id);
  });

  it('lets an imported contact be updated and looked up', async () => {
    const [url] = await freshProfileUrls(1);
    const imported = (await api(KEYS.admin, 'POST', '/v1/contacts', { body: { account_id: accounts.shared, network_url: url } })).body.data
      .contact;
    const updated = await patch(imported.contact_id, { 'Deal stage': 'Lead', tags: { add: [{ name: 'Imported', color: 'green' }] } });
    expect(updated.status).toBe(200);
    expect(updated.body.data.contact['Deal stage']).toBe('Lead');
    const found = await api(KEYS.admin, 'POST', `/v1/contacts/${imported.contact_id}/find-email`, { body: { account_id: accounts.shared } });
    expect(found.status).toBe(200);
  });

  it('applies the magic handles and answers 404 for an unknown handle', async () => {
    const upstream = await api(KEYS.admin, 'POST', '/v1/contacts', {
      body: { account_id: accounts.shared, network_url: 'https://www.network.com/in/upstream-error' },
    });
    expectError(upstream, 502, 'upstream_error');
    const conflict = await api(KEYS.admin, 'POST', '/v1/contacts', {
      body: { account_id: accounts.shared, network_url: 'https://www.network.com/in/conflict' },
    });
    expectError(conflict, 409, 'conflict');
    const unknown = await api(KEYS.admin, 'POST', '/v1/contacts', {
      body: { account_id: accounts.shared, network_url: 'https://www.network.com/in/nobody-by-this-handle-xyz' },
    });
    expectError(unknown, 404, 'not_found');
    const [url] = await freshProfileUrls(1);
    const host = new URL(url!).origin;
    expectError(
      await api(KEYS.admin, 'POST', '/v1/contacts', { body: { account_id: accounts.shared, network_url: `${host}/in/upstream-error/` } }),
      502,
      'upstream_error',
    );
  });

  it('answers 400 for missing or malformed fields, 403 for an unshared account', async () => {
    const [url] = await freshProfileUrls(1);
    for (const body of [
      { account_id: accounts.shared },
      { network_url: url },
      { account_id: accounts.shared, network_url: 'not a url' },
      { account_id: accounts.shared, network_url: 42 },
      { account_id: 'abc', network_url: url },
      { account_id: '999999999', network_url: url },
    ]) {
      expectError(await api(KEYS.admin, 'POST', '/v1/contacts', { body }), 400, 'bad_request');
    }
    expectError(
      await api(KEYS.member, 'POST', '/v1/contacts', { body: { account_id: accounts.private, network_url: url } }),
      403,
      'account_shared_access_required',
    );
    const profiles = await (await fetch(`${BASE_URL}/__mock/network-profiles?imported=false&limit=2000`)).json();
    expect(profiles.profiles.map((profile: { network_url: string }) => profile.network_url)).toContain(url);
  });
});

describe('POST /v1/contacts/{contact_id}/find-email', () => {
  it('returns the contact with the lookup result, sequence and last_interaction_at', async () => {
    for (let index = 0; index < 12; index++) {
      const contact = nextContact();
      const reply = await api(KEYS.admin, 'POST', `/v1/contacts/${contact.contact_id}/find-email`, { body: { account_id: accounts.shared } });
      expect(reply.status).toBe(200);
      const found = reply.body.data.contact;
      expect(found.contact_id).toBe(contact.contact_id);
      expect(found).toHaveProperty('sequence');
      expect(found).toHaveProperty('last_interaction_at');
      expect(found.contact_enrichment.work_email).toHaveProperty('status');
      expect(found.contact_enrichment.work_email).toHaveProperty('error_code');
      expect(found.contact_enrichment.work_email.status).not.toBe('not_requested');
      expect(found.contact_enrichment).toHaveProperty('phone');
      if (found.contact_enrichment.work_email.status === 'found') expect(found.work_email).toMatch(/@/);
      const repeated = await api(KEYS.admin, 'POST', `/v1/contacts/${contact.contact_id}/find-email`, { body: { account_id: accounts.shared } });
      expect(repeated.body.data.contact.contact_enrichment).toEqual(found.contact_enrichment);
    }
  });

  it('answers 400 for an unknown contact, a missing account_id or a contact of another account', async () => {
    const contact = nextContact();
    expectError(await api(KEYS.admin, 'POST', '/v1/contacts/999999999/find-email', { body: { account_id: accounts.shared } }), 400, 'bad_request');
    expectError(await api(KEYS.admin, 'POST', '/v1/contacts/abc/find-email', { body: { account_id: accounts.shared } }), 400, 'bad_request');
    expectError(await api(KEYS.admin, 'POST', `/v1/contacts/${contact.contact_id}/find-email`, { body: {} }), 400, 'bad_request');
    expectError(
      await api(KEYS.admin, 'POST', `/v1/contacts/${contact.contact_id}/find-email`, { body: { account_id: accounts.member } }),
      400,
      'bad_request',
    );
  });
});

describe('bad bodies never break the mock', () => {
  it('answers 400 to deeply nested bodies and prototype keys at any depth', async () => {
    const contact = nextContact();
    const deep = `{"tags":{"add":${'['.repeat(50_000)}${']'.repeat(50_000)}}}`;
    expectError(await api(KEYS.admin, 'PATCH', `/v1/contacts/${contact.contact_id}`, { rawBody: deep }), 400, 'bad_request');
    const wide = JSON.stringify({ tags: { add: Array.from({ length: 40_000 }, () => [1]) } });
    expectError(await api(KEYS.admin, 'PATCH', `/v1/contacts/${contact.contact_id}`, { rawBody: wide }), 400, 'bad_request');
    for (const rawBody of ['{"__proto__":{"x":1}}', '{"tags":{"add":[{"name":"A","color":"red","constructor":{}}]}}']) {
      expectError(await api(KEYS.admin, 'PATCH', `/v1/contacts/${contact.contact_id}`, { rawBody }), 400, 'bad_request');
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
