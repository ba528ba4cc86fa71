import { describe, expect, it } from 'vitest';
import { MockApiError } from '../../src/index';
import { startMockServer } from '../../src/node';
import { ADMIN, adminAccounts, call, newMock } from '../support/state';

describe('mock.seed', () => {
  it('a seeded contact is visible at once: list, search, filters, a view of it, and its conversation and activity', async () => {
    const mock = newMock();
    const [account] = await adminAccounts(mock);
    const contact = mock.seed.contact({
      account_id: account!,
      first_name: 'Quillon',
      last_name: 'Zephyrine',
      relationship_status: 'not_connected',
      tags: [{ name: 'Seeded', color: 'red' }],
      notes_json: JSON.stringify({ text: 'met at the harbour' }),
      custom_fields: { 'Lead score': 77, 'Deal stage': 'Proposal' },
    });
    expect(contact).toMatchObject({ first_name: 'Quillon', last_name: 'Zephyrine', 'Lead score': 77, 'Deal stage': 'Proposal' });
    expect(contact.contact_id).toMatch(/^[1-9][0-9]*$/);

    const byQuery = await call(mock, ADMIN, 'GET', `/v1/contacts?account_id=${account}&query=zephyrine`);
    expect(byQuery.body.data.contacts.map((c: { contact_id: string }) => c.contact_id)).toEqual([contact.contact_id]);
    const bySearch = await call(mock, ADMIN, 'GET', `/v1/contacts?account_id=${account}&search=harbour`);
    expect(bySearch.body.data.contacts.map((c: { contact_id: string }) => c.contact_id)).toContain(contact.contact_id);
    const byTag = await call(mock, ADMIN, 'GET', `/v1/contacts?account_id=${account}&tag=Seeded&relationship_status=not_connected`);
    expect(byTag.body.data.contacts.map((c: { contact_id: string }) => c.contact_id)).toEqual([contact.contact_id]);

    const view = mock.seed.view({ account_id: account!, name: 'Seeded people', contact_ids: [contact.contact_id] });
    const inView = await call(mock, ADMIN, 'GET', `/v1/contacts?view_id=${view.public_id}`);
    expect(inView.body.data.contacts.map((c: { contact_id: string }) => c.contact_id)).toEqual([contact.contact_id]);
    const views = await call(mock, ADMIN, 'GET', `/v1/views?account_id=${account}&limit=25`);
    expect(views.body.data.views.map((v: { id: string }) => v.id)).toContain(view.id);

    const conversation = mock.seed.conversation({
      account_id: account!,
      contact_ids: [contact.contact_id],
      messages: [{ text: 'Hello Quillon', direction: 'sent', sent_at: '2026-01-10T09:00:00Z' }],
    });
    const conversations = await call(mock, ADMIN, 'GET', `/v1/conversations?contact_id=${contact.contact_id}`);
    expect(conversations.body.data.conversations.map((c: { conversation_id: string }) => c.conversation_id)).toEqual([conversation.conversation_id]);
    const reply = mock.seed.message({ conversation_id: conversation.conversation_id, text: 'Hi back', direction: 'received', sent_at: '2026-01-11T09:00:00Z' });
    const messages = await call(mock, ADMIN, 'GET', `/v1/conversations/${conversation.conversation_id}/messages?account_id=${account}`);
    expect(messages.body.data.messages.map((m: { message_id: string }) => m.message_id)[0]).toBe(reply.message_id);

    const event = mock.seed.activityEvent({ account_id: account!, event_type: 'connection_request_sent', occurred_at: '2026-01-12T08:00:00Z' });
    const activity = await call(mock, ADMIN, 'GET', `/v1/activity?from=2026-01-12&to=2026-01-13&account_id=${account}`);
    expect(activity.body.data.activity.map((e: { id: string }) => e.id)).toContain(event.id);
    const chat = await call(mock, ADMIN, 'GET', `/v1/activity?from=2026-01-10&to=2026-01-11&event_type=message_sent&account_id=${account}`);
    expect(chat.body.data.activity.some((e: { subject_key: string }) => e.subject_key === `chat:${conversation.provider_chat_id}`)).toBe(true);
  });

  it('a seeded company, custom field and network profile are usable at once', async () => {
    const mock = newMock();
    const [account] = await adminAccounts(mock);
    mock.seed.customField({ target: 'company', name: 'Region', type: 'string' });
    const company = mock.seed.company({ account_id: account!, name: 'Orbital Tea', custom_fields: { Region: 'EMEA', Tier: 'SMB' } });
    expect(company).toMatchObject({ name: 'Orbital Tea', Region: 'EMEA', Tier: 'SMB', account_id: account });
    const patched = await call(mock, ADMIN, 'PATCH', `/v1/companies/${company.company_id}`, { account_id: account, Region: 'APAC' });
    expect(patched.status).toBe(200);
    expect(patched.body.data.company.Region).toBe('APAC');

    const profile = mock.seed.networkProfile({ handle: 'ada-seeded', kind: 'member', first_name: 'Ada', last_name: 'Seeded' });
    expect(profile.participant.profile_url).toBe('https://www.network.com/in/ada-seeded');
    const enriched = await call(mock, ADMIN, 'POST', '/v1/enrich', { account_id: account, network_url: 'https://www.network.com/in/ada-seeded' });
    expect(enriched.body.data.network_enrichment.profile.participant.full_name).toBe('Ada Seeded');
    const imported = await call(mock, ADMIN, 'POST', '/v1/contacts', { account_id: account, network_url: 'https://network.com/in/ada-seeded/' });
    expect(imported.status).toBe(201);
    expect(imported.body.data.contact.name).toBe('Ada Seeded');
  });

  it('defaults are deterministic: the same seeds on two mocks give the same records', () => {
    const [a, b] = [newMock(), newMock()];
    const account = a.db.accounts()[0]!.account_id;
    expect(a.seed.contact({ account_id: account })).toEqual(b.seed.contact({ account_id: account }));
    expect(a.seed.company({ account_id: account })).toEqual(b.seed.company({ account_id: account }));
  });

  it.each([
    ['an unknown account', () => ({ kind: 'contact', input: { account_id: '999999' } }), /Unknown account_id/],
    ['a field of the wrong type', (account: string) => ({ kind: 'contact', input: { account_id: account, follower_count: 'many' } }), /follower_count/],
    ['an unregistered custom field', (account: string) => ({ kind: 'contact', input: { account_id: account, custom_fields: { Mood: 'happy' } } }), /registered/],
    ['a custom field value of the wrong type', (account: string) => ({ kind: 'contact', input: { account_id: account, custom_fields: { 'Lead score': 'high' } } }), /number/],
    ['a custom field value outside custom_fields', (account: string) => ({ kind: 'contact', input: { account_id: account, 'Lead score': 7 } }), /under "custom_fields"/],
    ['a misspelt company field', (account: string) => ({ kind: 'company', input: { account_id: account, nmae: 'Typo' } }), /"nmae" is not a company field/],
    ['a misspelt view field', (account: string) => ({ kind: 'view', input: { account_id: account, name: 'V', tags: 'x' } }), /unknown key "tags"/],
    ['a bad handle', () => ({ kind: 'networkProfile', input: { handle: 'Bad Handle!', kind: 'member' } }), /handle/],
    ['a taken handle', () => ({ kind: 'networkProfile', input: { handle: 'upstream-error', kind: 'member' } }), /magic/],
    ['a participant of another account', (account: string, foreign: string) => ({ kind: 'conversation', input: { account_id: account, contact_ids: [foreign] } }), /Unknown contact/],
    ['201 tags', (account: string) => ({ kind: 'contact', input: { account_id: account, tags: Array.from({ length: 201 }, (_, i) => ({ name: `t${i}`, color: 'green' })) } }), /tags/],
    ['a custom field named as a Contact field', () => ({ kind: 'customField', input: { target: 'contact', name: 'headline', type: 'string' } }), /field of the API/],
    ['a custom field no request body could set', () => ({ kind: 'customField', input: { target: 'contact', name: '__proto__', type: 'string' } }), /cannot name a custom field/],
    ['a field the mock derives', (account: string) => ({ kind: 'contact', input: { account_id: account, contact_id: '42' } }), /cannot be seeded/],
    ['an unknown event type', (account: string) => ({ kind: 'activityEvent', input: { account_id: account, event_type: 'teleported' } }), /event_type/],
  ])('refuses %s with a clear error and changes nothing', async (_, make, message) => {
    const mock = newMock();
    const [account] = await adminAccounts(mock);
    const other = mock.db.accounts().find((candidate) => candidate.account_id !== account && candidate.organization_id !== mock.db.account(account!)!.organization_id)!;
    const foreign = mock.db.contactsOf(other.account_id)[0]!.contact_id;
    const { kind, input } = make(account!, foreign);
    const before = mock.exportState();
    const seed = (mock.seed as unknown as Record<string, (input: unknown) => unknown>)[kind]!;
    let thrown: unknown;
    try {
      seed(input);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(MockApiError);
    expect((thrown as MockApiError).code).toBe('bad_request');
    expect((thrown as Error).message).toMatch(message);
    expect(mock.exportState()).toBe(before);
  });
});

describe('mock.seed refuses what it cannot keep', () => {
  it('refuses a custom field named __proto__ (or any key that could reach a prototype) instead of dropping it', () => {
    const mock = newMock({ contactsPerAccount: 5, networkSize: 10 });
    const before = mock.exportState();
    for (const input of ['{"account_id":"101","custom_fields":{"__proto__":"x"}}', '{"account_id":"101","__proto__":{"first_name":"x"}}']) {
      expect(() => mock.seed.contact(JSON.parse(input))).toThrow(/"(custom_fields\.)?__proto__" is not allowed/);
    }
    expect(mock.exportState()).toBe(before);
  });
});

describe('POST /__mock/seed/{kind}', () => {
  it('seeds as mock.seed does, and answers 400 {code, message} on bad input', async () => {
    const server = await startMockServer({ port: 0, rateLimit: false, contactsPerAccount: 20, networkSize: 30 });
    try {
      const accounts = (await (await fetch(`${server.url}/v1/accounts`, { headers: { authorization: `Bearer ${ADMIN}` } })).json()) as {
        data: { accounts: { account_id: string }[] };
      };
      const account = accounts.data.accounts[0]!.account_id;
      const seed = (kind: string, body: unknown) =>
        fetch(`${server.url}/__mock/seed/${kind}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const created = await seed('contact', { account_id: account, first_name: 'Over', last_name: 'Http' });
      expect(created.status).toBe(201);
      const contact = (await created.json()) as { contact_id: string; name: string };
      expect(contact.name).toBe('Over Http');
      const listed = await fetch(`${server.url}/v1/contacts?account_id=${account}&query=over%20http`, { headers: { authorization: `Bearer ${ADMIN}` } });
      expect(((await listed.json()) as { data: { contacts: { contact_id: string }[] } }).data.contacts.map((c) => c.contact_id)).toEqual([contact.contact_id]);

      const before = server.mock.exportState();
      const bad = await seed('contact', { account_id: account, Mood: 'happy' });
      expect(bad.status).toBe(400);
      const error = (await bad.json()) as { code: string; message: string };
      expect(error.code).toBe('bad_request');
      expect(error.message).toMatch(/Mood/);
      expect((await seed('dragon', {})).status).toBe(400);
      expect(server.mock.exportState()).toBe(before);
    } finally {
      await server.close();
    }
  });
});
