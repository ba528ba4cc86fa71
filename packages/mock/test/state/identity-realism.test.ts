import { describe, expect, it } from 'vitest';
import { ADMIN, MEMBER, adminAccounts, call, listBytes, newMock } from '../support/state';

const mock = newMock();

interface WireContact {
  contact_id: string;
  account_relationship_id: string;
  public_identifier: string;
  account: { account_id: string };
  tags: { name: string; color: string }[];
  experiences?: { is_current: boolean; start_at: string; end_at: string | null }[];
  educations?: { start_at: string; end_at: string }[];
  last_interaction_at?: string | null;
  connection_invitation?: { received_at: string } | null;
}

async function allContacts(key = ADMIN): Promise<WireContact[]> {
  return (await listBytes(mock, key, '/v1/contacts', 'contacts'))
    .split('\n')
    .flatMap((page) => JSON.parse(page).data.contacts as WireContact[]);
}

describe('identity: contact_id names the person, account_relationship_id the relationship', () => {
  it('a person held by two accounts has one contact_id and two relationships, each with its own tags', async () => {
    const contacts = await allContacts();
    const byPerson = new Map<string, WireContact[]>();
    for (const contact of contacts) byPerson.set(contact.public_identifier, [...(byPerson.get(contact.public_identifier) ?? []), contact]);
    const shared = [...byPerson.values()].find((relationships) => relationships.length > 1);
    expect(shared, 'the dataset holds people in several accounts').toBeDefined();
    const [a, b] = shared!;
    expect(a!.contact_id).toBe(b!.contact_id);
    expect(a!.account_relationship_id).not.toBe(b!.account_relationship_id);
    expect(a!.account.account_id).not.toBe(b!.account.account_id);
    // Every person has one contact_id; every relationship its own id.
    for (const relationships of byPerson.values()) expect(new Set(relationships.map((c) => c.contact_id)).size).toBe(1);
    expect(new Set(contacts.map((c) => c.account_relationship_id)).size).toBe(contacts.length);

    const tagged = await call(mock, ADMIN, 'PATCH', `/v1/contacts/${a!.contact_id}`, {
      account_id: a!.account.account_id,
      tags: { set: [{ name: 'Only here', color: 'green' }] },
    });
    expect(tagged.status).toBe(200);
    expect(tagged.body.data.contact.account_relationship_id).toBe(a!.account_relationship_id);
    const other = await call(mock, ADMIN, 'GET', `/v1/contacts?account_id=${b!.account.account_id}&query=${a!.public_identifier}`);
    const seen = (other.body.data.contacts as WireContact[]).find((c) => c.contact_id === a!.contact_id)!;
    expect(seen.tags.map((tag) => tag.name)).not.toContain('Only here');
    mock.reset();
  });

  it('importing a person another account holds answers 201 with the same contact_id and a new relationship', async () => {
    const [first, second] = await adminAccounts(mock);
    const [profile] = mock.networkProfiles({ imported: false, kind: 'member', limit: 1 }).profiles;
    const once = await call(mock, ADMIN, 'POST', '/v1/contacts', { account_id: first, network_url: profile!.network_url });
    const elsewhere = await call(mock, ADMIN, 'POST', '/v1/contacts', { account_id: second, network_url: profile!.network_url });
    const again = await call(mock, ADMIN, 'POST', '/v1/contacts', { account_id: second, network_url: profile!.network_url });
    expect([once.status, elsewhere.status, again.status]).toEqual([201, 201, 200]);
    expect(elsewhere.body.data.contact.contact_id).toBe(once.body.data.contact.contact_id);
    expect(elsewhere.body.data.contact.account_relationship_id).not.toBe(once.body.data.contact.account_relationship_id);
    expect(again.body.data.contact.account_relationship_id).toBe(elsewhere.body.data.contact.account_relationship_id);
    // find-email and drafts take the contact_id with the account.
    const found = await call(mock, ADMIN, 'POST', `/v1/contacts/${once.body.data.contact.contact_id}/find-email`, { account_id: second });
    expect(found.body.data.contact.account_relationship_id).toBe(elsewhere.body.data.contact.account_relationship_id);
    mock.reset();
  });

  it('PATCH without account_id changes the relationship of the lowest-numbered account the key may use', async () => {
    const contacts = await allContacts(MEMBER);
    const counts = new Map<string, number>();
    for (const contact of contacts) counts.set(contact.contact_id, (counts.get(contact.contact_id) ?? 0) + 1);
    const person = contacts.find((contact) => (counts.get(contact.contact_id) ?? 0) > 1)!;
    const lowest = contacts
      .filter((contact) => contact.contact_id === person.contact_id)
      .sort((x, y) => Number(x.account.account_id) - Number(y.account.account_id))[0]!;
    const answer = await call(mock, MEMBER, 'PATCH', `/v1/contacts/${person.contact_id}`, { notes_json: null });
    expect(answer.status).toBe(200);
    expect(answer.body.data.contact.account_relationship_id).toBe(lowest.account_relationship_id);
    mock.reset();
  });
});

describe('realism: nothing seeded lies after now', () => {
  const now = '2026-01-15T12:00:00Z';
  const nowMonth = now.slice(0, 7);

  it('experiences, educations, last interactions and invitations of every contact', async () => {
    const contacts = await allContacts();
    expect(contacts.length).toBeGreaterThan(300);
    for (const contact of contacts) {
      for (const experience of contact.experiences ?? []) {
        expect(experience.start_at <= nowMonth, `${contact.public_identifier} starts ${experience.start_at}`).toBe(true);
        if (experience.is_current) expect(experience.end_at).toBeNull();
        else expect(experience.end_at! > experience.start_at, `${contact.public_identifier} ends before it starts`).toBe(true);
        if (experience.end_at !== null) expect(experience.end_at <= nowMonth).toBe(true);
      }
      for (const education of contact.educations ?? []) {
        expect(education.start_at <= nowMonth && education.end_at <= nowMonth && education.start_at < education.end_at).toBe(true);
      }
      if (contact.last_interaction_at) expect(contact.last_interaction_at <= now).toBe(true);
      if (contact.connection_invitation) expect(contact.connection_invitation.received_at <= now).toBe(true);
    }
  });

  it('activity, messages and views', async () => {
    const activity = (await listBytes(mock, ADMIN, '/v1/activity?from=2020-01-01&to=2030-01-01', 'activity'))
      .split('\n')
      .flatMap((page) => JSON.parse(page).data.activity as { occurred_at: string; recorded_at: string }[]);
    expect(activity.length).toBeGreaterThan(100);
    for (const event of activity) {
      expect(Date.parse(event.occurred_at)).toBeLessThanOrEqual(Date.parse(now));
      expect(Date.parse(event.recorded_at)).toBeLessThanOrEqual(Date.parse(now));
      expect(Date.parse(event.recorded_at)).toBeGreaterThanOrEqual(Date.parse(event.occurred_at));
    }
    for (const conversation of mock.db.allConversations()) {
      for (const message of conversation.messages) expect(Date.parse(message.sent_at)).toBeLessThanOrEqual(Date.parse(now));
    }
    for (const view of mock.db.views()) expect(Date.parse(view.created_at)).toBeLessThanOrEqual(Date.parse(now));
  });
});

describe('profile URLs', () => {
  it.each([
    'https://www.network.com/in/HANDLE',
    'http://www.network.com/in/HANDLE',
    'https://network.com/in/HANDLE',
    'https://www.network.com/in/HANDLE/',
    'https://www.network.com/in/HANDLE?trk=share',
    'https://www.network.com/in/HANDLE#about',
  ])('%s names the same profile', async (shape) => {
    const [account] = await adminAccounts(mock);
    const [profile] = mock.networkProfiles({ imported: false, kind: 'member', limit: 1 }).profiles;
    const handle = profile!.network_url.split('/in/')[1]!;
    const first = await call(mock, ADMIN, 'POST', '/v1/contacts', { account_id: account, network_url: profile!.network_url });
    const same = await call(mock, ADMIN, 'POST', '/v1/contacts', { account_id: account, network_url: shape.replace('HANDLE', handle) });
    expect([first.status, same.status]).toEqual([201, 200]);
    expect(same.body.data.contact.account_relationship_id).toBe(first.body.data.contact.account_relationship_id);
    mock.reset();
  });

  it.each([
    'https://evil.example.com/in/HANDLE',
    'https://www.network.com.evil.example/in/HANDLE',
    'https://www.network.com:8443/in/HANDLE',
    'https://user@www.network.com/in/HANDLE',
    'https://www.network.com/profile/HANDLE',
    'https://www.network.com/in/HANDLE/details',
    'ftp://www.network.com/in/HANDLE',
  ])('%s is 400 bad_request and imports nothing', async (shape) => {
    const [account] = await adminAccounts(mock);
    const [profile] = mock.networkProfiles({ imported: false, kind: 'member', limit: 1 }).profiles;
    const handle = profile!.network_url.split('/in/')[1]!;
    const revision = mock.db.revision;
    const answer = await call(mock, ADMIN, 'POST', '/v1/contacts', { account_id: account, network_url: shape.replace('HANDLE', handle) });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('bad_request');
    const enriched = await call(mock, ADMIN, 'POST', '/v1/enrich', { account_id: account, network_url: shape.replace('HANDLE', handle) });
    expect(enriched.status).toBe(400);
    expect(mock.db.revision).toBe(revision);
  });
});

describe('bounded work on tags', () => {
  const tagsOf = (count: number) => Array.from({ length: count }, (_, index) => ({ name: `tag ${index}`, color: 'green' }));

  it('200 tags are kept; 201 are 400 and change nothing; adding past 200 is 400', async () => {
    const [account] = await adminAccounts(mock);
    const contact = (await call(mock, ADMIN, 'GET', `/v1/contacts?account_id=${account}&limit=1`)).body.data.contacts[0] as WireContact;
    const path = `/v1/contacts/${contact.contact_id}`;
    const full = await call(mock, ADMIN, 'PATCH', path, { account_id: account, tags: { set: tagsOf(200) } });
    expect(full.status).toBe(200);
    expect(full.body.data.contact.tags).toHaveLength(200);
    const revision = mock.db.revision;
    const tooMany = await call(mock, ADMIN, 'PATCH', path, { account_id: account, tags: { set: tagsOf(201) } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe('bad_request');
    const onePast = await call(mock, ADMIN, 'PATCH', path, { account_id: account, tags: { add: [{ name: 'one more', color: 'red' }] } });
    expect(onePast.status).toBe(400);
    expect(onePast.body.message).toMatch(/200 tags/);
    expect(mock.db.revision).toBe(revision);
    // A name repeated in another case is one tag: the later one wins, in the first one's place.
    const duplicated = await call(mock, ADMIN, 'PATCH', path, {
      account_id: account,
      tags: { set: tagsOf(100).concat(tagsOf(100).map((tag) => ({ ...tag, name: tag.name.toUpperCase(), color: 'red' }))) },
    });
    expect(duplicated.status).toBe(200);
    expect(duplicated.body.data.contact.tags).toHaveLength(100);
    expect(duplicated.body.data.contact.tags[0]).toEqual({ name: 'TAG 0', color: 'red' });
    mock.reset();
  });

  it('a PATCH of 30,000 tags is 400 bad_request and changes nothing, and the mock keeps answering', async () => {
    const [account] = await adminAccounts(mock);
    const contact = (await call(mock, ADMIN, 'GET', `/v1/contacts?account_id=${account}&limit=1`)).body.data.contacts[0] as WireContact;
    const revision = mock.db.revision;
    const tags = Array.from({ length: 30_000 }, (_, index) => ({ name: `t${index % 300}`, color: 'g' }));
    const answer = await call(mock, ADMIN, 'PATCH', `/v1/contacts/${contact.contact_id}`, { account_id: account, tags: { add: tags } });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('bad_request');
    expect(mock.db.revision).toBe(revision);
    expect((await call(mock, ADMIN, 'GET', '/v1/accounts')).status).toBe(200);
  });
});
