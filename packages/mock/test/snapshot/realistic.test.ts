// A snapshot of a realistic source (1,000 people made by seeding a mock, see realistic-source.ts) keeps no real value,
// resists an outsider who holds the file, the public tool and a guess list, and still looks and searches like the
// source: role-word searches find about the same share, no fake carries a mark, handles and e-mails follow the name.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { faker } from '@faker-js/faker/locale/en';
import { createMockApi, type MockApi } from '@network-org/mock';
import { beforeAll, describe, expect, it } from 'vitest';
import { slug } from '../../src/snapshot/scrub';
import { ROLE_WORDS, SEEDED_PEOPLE, realPeople, seededWith, type RealPerson } from './realistic-source';
import { snapshotOf, tempDir } from './support';

const ADMIN = { authorization: 'Bearer sk_test_admin' };

async function all(mock: MockApi, path: string, key: string): Promise<any[]> {
  const items: any[] = [];
  for (let cursor: string | undefined; ; ) {
    const response = await mock.fetch(`${path}${path.includes('?') ? '&' : '?'}limit=25${cursor ? `&cursor=${cursor}` : ''}`, { headers: ADMIN });
    expect(response.status, path).toBe(200);
    const page = ((await response.json()) as any).data;
    items.push(...page[key]);
    if (!page.pagination.has_more) return items;
    cursor = page.pagination.next_cursor;
  }
}

interface Seen {
  contacts: any[];
  messages: Map<string, string>;
}

/** Every contact, and every message's text by id, as the API shows them. */
async function seenThrough(mock: MockApi): Promise<Seen> {
  const contacts = await all(mock, '/v1/contacts', 'contacts');
  const messages = new Map<string, string>();
  const accounts = ((await (await mock.fetch('/v1/accounts', { headers: ADMIN })).json()) as any).data.accounts.map((account: any) => account.account_id as string);
  for (const accountId of accounts) {
    for (const conversation of await all(mock, `/v1/conversations?account_id=${accountId}`, 'conversations')) {
      for (const message of await all(mock, `/v1/conversations/${conversation.conversation_id}/messages?account_id=${accountId}`, 'messages')) {
        if (message.text) messages.set(message.message_id, message.text);
      }
    }
  }
  return { contacts, messages };
}

const digits = (phone: string | null | undefined) => (phone ?? '').replace(/\D/g, '');
const FIELDS: Record<string, (contact: any) => string | null | undefined> = {
  'full name': (contact) => contact.name,
  'phone digits': (contact) => digits(contact.phone) || null,
  'e-mail': (contact) => contact.work_email,
  handle: (contact) => contact.public_identifier,
  'profile URL': (contact) => contact.network_url,
  'avatar URL': (contact) => contact.avatar_url,
  headline: (contact) => contact.headline,
  'role title': (contact) => contact.primary_role_title,
  company: (contact) => contact.primary_company_name,
  city: (contact) => contact.locations?.[0]?.city,
};

/** Per field, the contacts (by id) whose value in `served` is the source's own. */
function keptValues(source: Seen, served: Seen): Record<string, string[]> {
  const byId = new Map(source.contacts.map((contact) => [contact.contact_id, contact]));
  const kept: Record<string, string[]> = {};
  for (const [field, read] of Object.entries(FIELDS)) {
    kept[field] = served.contacts.filter((contact) => {
      const value = read(contact);
      return value != null && value !== '' && value === read(byId.get(contact.contact_id));
    }).map((contact) => `${contact.contact_id}: ${read(contact)}`);
  }
  kept['message text'] = [...served.messages].filter(([id, text]) => source.messages.get(id) === text).map(([id]) => id);
  return kept;
}

/** The share of contacts a search by `word` finds. */
async function share(mock: MockApi, word: string, total: number): Promise<number> {
  return (await all(mock, `/v1/contacts?query=${encodeURIComponent(word)}`, 'contacts')).length / total;
}

const nameAgrees = (contact: any) => {
  const name = `${slug(contact.first_name)}-${slug(contact.last_name)}`;
  const local = `${contact.first_name}.${contact.last_name}`.toLowerCase().normalize('NFKD').replace(/[^a-z0-9.-]/g, '');
  return { handle: contact.public_identifier.startsWith(`${name}-`), email: (contact.work_email ?? '').split('@')[0] === local };
};

/** Every word faker's English lists hold (names, places, companies, job words, dictionary words). */
function fakerWords(): Set<string> {
  const words = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') for (const word of value.toLowerCase().split(/[^a-z']+/)) words.add(word);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(faker.rawDefinitions);
  return words;
}

describe('a snapshot of a realistic source', () => {
  const dir = tempDir();
  const people = realPeople(SEEDED_PEOPLE);
  const source = seededWith(people);
  let sourceSeen: Seen;
  let defaults: Taken;
  let salted: Taken;

  interface Taken {
    text: string;
    mock: MockApi;
    seen: Seen;
    /** Every string value in the file. */
    strings: Set<string>;
  }

  const take = async (name: string, options: { salt?: string; accounts?: string[] } = {}): Promise<Taken> => {
    const out = join(dir, name);
    await snapshotOf(source, out, { salt: options.salt, ...(options.accounts ? { accounts: options.accounts } : {}) });
    const text = readFileSync(out, 'utf8');
    const mock = createMockApi({ state: text, rateLimit: false });
    const strings = new Set<string>();
    JSON.parse(text, (_key, value) => (typeof value === 'string' && strings.add(value), value));
    return { text, mock, seen: await seenThrough(mock), strings };
  };

  /** The real people whose full name, e-mail, handle or phone is a value of the file, or in one of its texts. */
  const foundIn = (taken: Taken) => {
    const texts = [...taken.seen.messages.values()].join('\n');
    return people.filter((person) =>
      [`${person.first} ${person.last}`, person.email, person.handle, person.phone].some((value) => taken.strings.has(value) || texts.includes(value)),
    );
  };

  beforeAll(async () => {
    sourceSeen = await seenThrough(source);
    defaults = await take('defaults.json');
    // With a salt, of the first account (where the seeded people are): the file the outsider holding the salt attacks.
    salted = await take('salted.json', { salt: 'our-team-salt', accounts: ['101'] });
  }, 240_000);

  it('keeps no real value, field by field, with the default options (a random salt)', () => {
    expect(sourceSeen.contacts.length).toBeGreaterThanOrEqual(1_000);
    expect(sourceSeen.contacts.filter((contact) => contact.phone).length).toBeGreaterThan(500);
    expect(defaults.seen.contacts.length).toBe(sourceSeen.contacts.length);
    expect(sourceSeen.messages.size).toBeGreaterThan(50);
    const kept = keptValues(sourceSeen, defaults.seen);
    expect(kept).toEqual(Object.fromEntries(Object.keys(kept).map((field) => [field, []])));
    // Nor anywhere in the file: no seeded person's full name, e-mail, handle or phone number, not even inside a message.
    expect(foundIn(defaults)).toEqual([]);
  });

  it('keeps no real value with a salt given, and the salt is nowhere in the file', () => {
    expect(salted.seen.contacts.length).toBeGreaterThan(SEEDED_PEOPLE);
    const kept = keptValues(sourceSeen, salted.seen);
    expect(kept).toEqual(Object.fromEntries(Object.keys(kept).map((field) => [field, []])));
    expect(foundIn(salted)).toEqual([]);
    expect(salted.text).not.toContain('our-team-salt');
  });

  it('lets an outsider with the file, the public tool and a guess list re-identify no one beyond chance', async () => {
    // The guess list: 100 of the source's people (names, handles, e-mails, phones) among 100 who are not in it, seeded
    // into the outsider's own mock, which the outsider then snapshots with the tool.
    const members = people.slice(0, 100);
    const decoys = realPeople(100, SEEDED_PEOPLE + 500);
    const outsider = seededWith([...members, ...decoys], { seed: 23, contactsPerAccount: 2 });
    const idOf = new Map((await all(outsider, '/v1/contacts', 'contacts')).map((contact) => [contact.public_identifier as string, contact.contact_id as string]));
    const attack = async (shared: any[], salt: string | undefined) => {
      const out = join(dir, `outsider-${salt ?? 'default'}.json`);
      await snapshotOf(outsider, out, { salt });
      const theirs = new Map((await all(createMockApi({ state: readFileSync(out, 'utf8'), rateLimit: false }), '/v1/contacts', 'contacts')).map((contact) => [contact.contact_id, contact]));
      const inFile = new Set(shared.flatMap((contact) => [contact.name, contact.work_email, contact.public_identifier]));
      // A guess is re-identified when the fake the outsider's run made of it is in the shared file.
      const hits = (list: RealPerson[]) =>
        list.filter((person) => {
          const fake = theirs.get(idOf.get(person.handle));
          return fake !== undefined && [fake.name, fake.work_email, fake.public_identifier].some((value) => inFile.has(value));
        }).length;
      return { members: hits(members), decoys: hits(decoys) };
    };

    const blind = await attack(defaults.seen.contacts, undefined);
    expect(blind.members).toBeLessThanOrEqual(blind.decoys + 3);
    expect(blind.members).toBeLessThanOrEqual(3);

    // The same attack by someone holding the salt the file was made with finds nearly everyone: what the salt protects.
    const holder = await attack(salted.seen.contacts, 'our-team-salt');
    expect(holder.members).toBeGreaterThan(90);
    expect(holder.decoys).toBeLessThanOrEqual(3);
  }, 180_000);

  it('finds about the same share of contacts by role word as the source (within a factor of 2)', async () => {
    const total = sourceSeen.contacts.length;
    const shares: Record<string, [number, number]> = {};
    for (const word of ROLE_WORDS) shares[word] = [await share(source, word, total), await share(defaults.mock, word, total)];
    for (const [word, [before, after]] of Object.entries(shares)) {
      expect(before, word).toBeGreaterThan(0.02);
      expect(after / before, `${word}: ${before.toFixed(3)} in the source, ${after.toFixed(3)} in the snapshot`).toBeGreaterThanOrEqual(0.5);
      expect(after / before, word).toBeLessThanOrEqual(2);
    }
  });

  it('carries no mark: every name, company, city, role title, headline and text ends in a word of its kind', () => {
    const words = fakerWords();
    for (const contact of sourceSeen.contacts) for (const word of `${contact.primary_role_title} ${contact.headline}`.toLowerCase().split(/[^a-z']+/)) words.add(word);
    const suffixes: string[] = (faker.rawDefinitions.location?.city_suffix ?? []).map((suffix: string) => suffix.toLowerCase());
    // A faker city ends in a name and a suffix run together (Port Kaleyfort): a word, once the suffix is off.
    const known = (word: string) => words.has(word) || suffixes.some((suffix) => word.endsWith(suffix) && words.has(word.slice(0, -suffix.length)));
    const lastWord = (value: string) => value.toLowerCase().split(/[^a-z0-9']+/).filter((word) => word !== '').at(-1) ?? '';
    const marked: string[] = [];
    const values = [
      ...defaults.seen.contacts.flatMap((contact) => [contact.name, contact.primary_company_name, contact.locations?.[0]?.city, contact.primary_role_title, contact.headline, contact.account.display_name]),
      ...defaults.seen.messages.values(),
    ];
    for (const value of values) if (typeof value === 'string' && value !== '' && !known(lastWord(value))) marked.push(value);
    expect(values.length).toBeGreaterThan(5_000);
    expect(marked).toEqual([]);
  });

  it("gives handles and e-mails that follow their person's name as often as the source's do", () => {
    const rate = (contacts: any[], key: 'handle' | 'email') => contacts.filter((contact) => nameAgrees(contact)[key]).length / contacts.length;
    for (const key of ['handle', 'email'] as const) {
      expect(rate(sourceSeen.contacts.filter((contact) => contact.work_email), key), key).toBeGreaterThan(0.95);
      expect(rate(defaults.seen.contacts.filter((contact) => contact.work_email), key), key).toBeGreaterThanOrEqual(rate(sourceSeen.contacts.filter((contact) => contact.work_email), key));
    }
    // The e-mail's domain is the fake company's website.
    const withSite = defaults.seen.contacts.filter((contact) => contact.work_email && contact.company?.website_url);
    expect(withSite.length).toBeGreaterThan(500);
    expect(withSite.filter((contact) => new URL(contact.company.website_url).hostname !== contact.work_email.split('@')[1])).toEqual([]);
  });

  it('coarsens follower and connection counts to their first digit, 500 connections and more to 500', () => {
    const byId = new Map(sourceSeen.contacts.map((contact) => [contact.contact_id, contact]));
    const bucket = (count: number) => (count < 10 ? count : Math.floor(count / 10 ** Math.floor(Math.log10(count))) * 10 ** Math.floor(Math.log10(count)));
    let exact = 0;
    for (const contact of defaults.seen.contacts) {
      const real = byId.get(contact.contact_id);
      expect(bucket(contact.follower_count)).toBe(bucket(real.follower_count));
      expect(contact.connections_count).toBe(real.connections_count >= 500 ? 500 : contact.connections_count);
      if (real.connections_count < 500) expect(bucket(contact.connections_count)).toBe(bucket(real.connections_count));
      if (real.follower_count >= 100 && contact.follower_count === real.follower_count) exact++;
    }
    expect(exact).toBeLessThan(defaults.seen.contacts.length * 0.05);
  });
});
