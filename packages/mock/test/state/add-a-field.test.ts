// A field is the spec plus at most one file: nullable fields added to a copy of spec/openapi.yaml, run through the
// generator the mock is built from (`pnpm generate`'s zod walker), is stored, served, seeded from its own random
// stream and kept in a state file by the mock, with no other edit. The mock's sources are loaded a second time here
// with the copy's generated schemas in place of the real ones.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { createMockApi as createMockApiOfSpec } from '../../src/create-mock-api';
import type { MockApi, MockApiOptions } from '../../src/mock-api';

const SPEC = fileURLToPath(new URL('../../../../spec/openapi.yaml', import.meta.url));
const GENERATOR = new URL('../../../../scripts/zod-from-openapi.mjs', import.meta.url).href;
const GENERATED_ZOD = fileURLToPath(new URL('../../../spec/src/zod.ts', import.meta.url));
const KINDS = fileURLToPath(new URL('../../src/store/kinds.ts', import.meta.url));
// Inside the package, so that the generated module's `import { z } from 'zod'` finds the mock's own zod.
const WORK_DIR = fileURLToPath(new URL(`./.added-field-${process.pid}/`, import.meta.url));

const PRONOUNS = ['she/her', 'he/him', 'they/them'];
const PRIORITIES = ['high', 'low'];
const OPTIONS: MockApiOptions = { rateLimit: false, contactsPerAccount: 40, conversationsPerAccount: 2, networkSize: 10 };
const ADMIN = 'sk_test_admin';

type Json = Record<string, any>;

/** The spec with `pronouns` on a contact and `priority` on a company: the one edit a contributor makes (CONTRIBUTING.md, "A new record field"). */
function specWithPronouns(): Json {
  const spec = parse(readFileSync(SPEC, 'utf8')) as Json;
  const schemas = spec['components'].schemas;
  schemas.Contact.properties.pronouns = { type: ['string', 'null'], examples: PRONOUNS };
  // "Every field of Contact is present (unknown values are null)" in these three.
  for (const name of ['ContactListItem', 'UpdatedContact', 'ContactWithEnrichment']) schemas[name].required.push('pronouns');
  // A company's own field, the same way.
  schemas.Company.properties.priority = { type: ['string', 'null'], examples: PRIORITIES };
  schemas.Company.required.push('priority');
  return spec;
}

/** The one line that makes `pronouns` a person's field (CONTRIBUTING.md): the spec's schema of it, in `personKind`. */
function kindsWithPersonPronouns(): string {
  const source = readFileSync(KINDS, 'utf8');
  const edited = source.replace(/(export const personKind = z\.strictObject\(\{[^}]*?\n  headline: text,\n)/, '$1  pronouns: schemas.Contact.shape.pronouns.unwrap(),\n');
  if (edited === source) throw new Error('personKind no longer has the line `headline: text,` this test adds pronouns after');
  return edited;
}

let createMockApiWithPronouns: typeof createMockApiOfSpec;
let createMockApiWithPersonPronouns: typeof createMockApiOfSpec;

/** The mock's sources loaded again, with the modules at `replaced` (by absolute path) replaced by the files given. */
async function mockWith(replaced: Record<string, string>): Promise<typeof createMockApiOfSpec> {
  vi.resetModules();
  for (const [path, file] of Object.entries(replaced)) vi.doMock(path, () => import(file));
  const { createMockApi } = await import('../../src/create-mock-api');
  for (const path of Object.keys(replaced)) vi.doUnmock(path);
  return createMockApi;
}

beforeAll(async () => {
  const { zodModules } = (await import(GENERATOR)) as { zodModules: (spec: Json) => { zod: string } };
  mkdirSync(WORK_DIR, { recursive: true });
  writeFileSync(`${WORK_DIR}zod.ts`, zodModules(specWithPronouns()).zod);
  writeFileSync(`${WORK_DIR}kinds.ts`, kindsWithPersonPronouns());
  createMockApiWithPronouns = await mockWith({ [GENERATED_ZOD]: `${WORK_DIR}zod.ts` });
  createMockApiWithPersonPronouns = await mockWith({ [GENERATED_ZOD]: `${WORK_DIR}zod.ts`, [KINDS]: `${WORK_DIR}kinds.ts` });
});

afterAll(() => rmSync(WORK_DIR, { recursive: true, force: true }));

async function get(mock: MockApi, path: string): Promise<Json> {
  const response = await mock.fetch(path, { headers: { Authorization: `Bearer ${ADMIN}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as Json;
}

const firstAccount = (mock: MockApi) => mock.db.accounts()[0]!.account_id;
const listed = (mock: MockApi, accountId: string) => get(mock, `/v1/contacts?account_id=${accountId}&limit=25`);

describe('a nullable field added to the spec alone', () => {
  it('is on every listed contact, seeded from its own stream, and every other field is as without it', async () => {
    const plain = createMockApiOfSpec(OPTIONS);
    const withField = createMockApiWithPronouns(OPTIONS);
    const accountId = firstAccount(plain);
    const before = (await listed(plain, accountId)).data.contacts as Json[];
    const after = (await listed(withField, accountId)).data.contacts as Json[];
    expect(after).toHaveLength(before.length);
    const values = after.map((contact) => contact['pronouns']);
    expect(after.every((contact) => Object.hasOwn(contact, 'pronouns'))).toBe(true);
    expect(values.every((value) => value === null || PRONOUNS.includes(value))).toBe(true);
    expect(values.filter((value) => value !== null).length).toBeGreaterThan(0);
    expect(values.filter((value) => value === null).length).toBeGreaterThan(0);
    const without = structuredClone(after);
    for (const contact of without) {
      delete contact['pronouns'];
      delete contact['company']['priority'];
    }
    expect(JSON.stringify(without)).toBe(JSON.stringify(before));
    // The same seed draws the same values.
    const again = (await listed(createMockApiWithPronouns(OPTIONS), accountId)).data.contacts as Json[];
    expect(again.map((contact) => contact['pronouns'])).toEqual(values);
  });

  it('is taken by mock.seed.contact and shown by the seed, the list and an update', async () => {
    const mock = createMockApiWithPronouns(OPTIONS);
    const accountId = firstAccount(mock);
    const seeded = mock.seed.contact({ account_id: accountId, first_name: 'Ada', last_name: 'Lovelace', pronouns: 'she/her' } as never) as Json;
    expect(seeded['pronouns']).toBe('she/her');
    const found = await get(mock, `/v1/contacts?account_id=${accountId}&query=ada%20lovelace`);
    expect(found.data.contacts.map((contact: Json) => contact['pronouns'])).toEqual(['she/her']);
    const updated = await mock.fetch(`/v1/contacts/${seeded['contact_id']}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${ADMIN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ account_id: accountId, tags: { add: [{ name: 'Speaker', color: 'green' }] } }),
    });
    expect(updated.status).toBe(200);
    expect(((await updated.json()) as Json).data.contact.pronouns).toBe('she/her');
    // A misspelt field is still refused: the field is known, not any key.
    expect(() => mock.seed.contact({ account_id: accountId, pronoun: 'she/her' } as never)).toThrow(/pronoun/);
  });

  it('is a company\'s too: seeded on its own stream, taken by mock.seed.company, listed, embedded in its contacts', async () => {
    const plain = createMockApiOfSpec(OPTIONS);
    const withField = createMockApiWithPronouns(OPTIONS);
    const accountId = firstAccount(plain);
    const path = `/v1/companies?account_id=${accountId}&limit=25`;
    const before = (await get(plain, path)).data.companies as Json[];
    const after = (await get(withField, path)).data.companies as Json[];
    const values = after.map((company) => company['priority']);
    expect(values.every((value) => value === null || PRIORITIES.includes(value))).toBe(true);
    expect(new Set(values).size).toBeGreaterThan(1);
    expect(JSON.stringify(after.map(({ priority: _, ...rest }) => rest))).toBe(JSON.stringify(before));
    const seeded = withField.seed.company({ account_id: accountId, name: 'Initrode', priority: 'high' } as never) as Json;
    expect(seeded['priority']).toBe('high');
    const contacts = (await listed(withField, accountId)).data.contacts as Json[];
    expect(contacts.every((contact) => Object.hasOwn(contact['company'], 'priority'))).toBe(true);
  });

  it('is kept by a state file, and a file written before the field loads it as null', async () => {
    const mock = createMockApiWithPronouns(OPTIONS);
    const accountId = firstAccount(mock);
    const seeded = mock.seed.contact({ account_id: accountId, first_name: 'Grace', last_name: 'Hopper', pronouns: 'they/them' } as never) as Json;
    mock.seed.company({ account_id: accountId, name: 'Initrode', priority: 'low' } as never);
    const state = mock.exportState();
    expect(JSON.parse(state).changes.contacts[0].pronouns).toBe('they/them');
    expect(JSON.parse(state).changes.companies.map((company: Json) => company['priority'])).toContain('low');
    const loaded = createMockApiWithPronouns({ ...OPTIONS, state });
    expect(JSON.stringify(await listed(loaded, accountId))).toBe(JSON.stringify(await listed(mock, accountId)));
    expect(loaded.exportState()).toBe(state);

    const older = createMockApiOfSpec(OPTIONS);
    const oldSeeded = older.seed.contact({ account_id: accountId, first_name: 'Grace', last_name: 'Hopper' }) as Json;
    const fromOlder = createMockApiWithPronouns({ ...OPTIONS, state: older.exportState() });
    const page = await get(fromOlder, `/v1/contacts?account_id=${accountId}&query=grace%20hopper`);
    expect(page.data.contacts.map((contact: Json) => [contact['contact_id'], contact['pronouns']])).toEqual([[oldSeeded['contact_id'], null]]);
    expect(seeded['contact_id']).toBe(oldSeeded['contact_id']);
  });
});

describe('the same field declared a person\'s (one line in personKind)', () => {
  it('is the person\'s on every contact of them, seeded on its own stream, taken by a seed and kept by a state file', async () => {
    const plain = createMockApiOfSpec(OPTIONS);
    const mock = createMockApiWithPersonPronouns(OPTIONS);
    const accountId = firstAccount(mock);
    const before = (await listed(plain, accountId)).data.contacts as Json[];
    const after = (await listed(mock, accountId)).data.contacts as Json[];
    const values = after.map((contact) => contact['pronouns']);
    expect(values.every((value) => value === null || PRONOUNS.includes(value))).toBe(true);
    expect(new Set(values).size).toBeGreaterThan(1);
    const without = structuredClone(after);
    for (const contact of without) {
      delete contact['pronouns'];
      delete contact['company']['priority'];
    }
    expect(JSON.stringify(without)).toBe(JSON.stringify(before));
    // A person held by several accounts of the organization shows the same value in each.
    const byContactId = new Map<string, unknown[]>();
    for (const account of mock.db.accountsOf(mock.db.accounts()[0]!.organization_id)) {
      for (const contact of (await listed(mock, account.account_id)).data.contacts as Json[]) {
        byContactId.set(contact['contact_id'], [...(byContactId.get(contact['contact_id']) ?? []), contact['pronouns']]);
      }
    }
    const held = [...byContactId.values()].filter((seen) => seen.length > 1);
    expect(held.length).toBeGreaterThan(0);
    expect(held.every((seen) => new Set(seen).size === 1)).toBe(true);

    const seeded = mock.seed.contact({ account_id: accountId, first_name: 'Ada', last_name: 'Lovelace', pronouns: 'she/her' } as never) as Json;
    expect(seeded['pronouns']).toBe('she/her');
    const state = mock.exportState();
    expect(JSON.parse(state).changes.people.map((person: Json) => person['pronouns'])).toEqual(['she/her']);
    const loaded = createMockApiWithPersonPronouns({ ...OPTIONS, state });
    const found = await get(loaded, `/v1/contacts?account_id=${accountId}&query=ada%20lovelace`);
    expect(found.data.contacts.map((contact: Json) => contact['pronouns'])).toEqual(['she/her']);
  });
});
