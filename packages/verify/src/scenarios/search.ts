import type { Contact } from '@network-org/sdk';
import type { ScenarioContext } from '../context';
import { account, walk } from './lists';
import type { Scenario } from './scenario';

const texts = (values: unknown[]) => values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value ?? null)).toLowerCase());

/** What `query` searches, by the input the description names: name, headline, company, role, handle, profile URL. */
const QUERY_FIELDS: Record<string, (c: Contact) => unknown[]> = {
  name: (c) => [c.name, c.first_name, c.last_name],
  headline: (c) => [c.headline],
  company: (c) => [c.primary_company_name, c.company?.name],
  role: (c) => [c.primary_role_title],
  handle: (c) => [c.public_identifier],
  'profile URL': (c) => [c.network_url],
};

/** The contact without one part, for `search`: what else of it the broad search could find the value in. */
function without(contact: Contact, ...keys: string[]): unknown {
  const rest: Record<string, unknown> = { ...contact };
  for (const key of keys) delete rest[key];
  return rest;
}

/** One documented input of a search parameter: the value a contact gives for it, and the rest the parameter searches. */
interface SearchInput {
  param: 'query' | 'search' | 'company_name';
  input: string;
  value(contact: Contact): string | undefined;
  /** Everything else of the contact the parameter searches: a contact is only a fair test where the value is in none of it. */
  elsewhere(contact: Contact): unknown[];
}

const othersOfQuery = (input: string) => (c: Contact) => Object.entries(QUERY_FIELDS).filter(([name]) => name !== input).flatMap(([, read]) => read(c));

const INPUTS: SearchInput[] = [
  { param: 'query', input: 'name', value: (c) => c.name || undefined, elsewhere: othersOfQuery('name') },
  { param: 'query', input: 'headline', value: (c) => c.headline || undefined, elsewhere: othersOfQuery('headline') },
  { param: 'query', input: 'company', value: (c) => c.primary_company_name || c.company?.name || undefined, elsewhere: othersOfQuery('company') },
  { param: 'query', input: 'role', value: (c) => c.primary_role_title || undefined, elsewhere: othersOfQuery('role') },
  { param: 'query', input: 'profile URL', value: (c) => c.network_url || undefined, elsewhere: othersOfQuery('profile URL') },
  { param: 'search', input: 'tags', value: (c) => c.tags?.[0]?.name, elsewhere: (c) => [without(c, 'tags')] },
  { param: 'search', input: 'locations', value: (c) => c.locations?.[0]?.display_text || undefined, elsewhere: (c) => [without(c, 'locations', 'company')] },
  { param: 'search', input: 'work history', value: (c) => c.experiences?.find((e) => !e.is_current && e.title)?.title ?? undefined, elsewhere: (c) => [without(c, 'experiences')] },
  { param: 'search', input: 'education', value: (c) => c.educations?.[0]?.school_name || undefined, elsewhere: (c) => [without(c, 'educations')] },
  { param: 'search', input: 'company data', value: (c) => c.company?.website_url || undefined, elsewhere: (c) => [without(c, 'company')] },
  {
    param: 'company_name',
    input: 'past company',
    value: (c) => c.experiences?.find((e) => !e.is_current && e.company_name)?.company_name ?? undefined,
    elsewhere: (c) => [c.primary_company_name, c.company?.name, ...(c.experiences ?? []).filter((e) => e.is_current).map((e) => e.company_name)],
  },
];

/** A contact of the first page whose value for the input is in nothing else the parameter searches, the rarest value first. */
function fairContact(contacts: Contact[], input: SearchInput): { contact: Contact; value: string } | undefined {
  const candidates = contacts.flatMap((contact) => {
    const value = input.value(contact);
    if (!value || value.length < 3) return [];
    const needle = value.toLowerCase();
    if (texts(input.elsewhere(contact)).some((text) => text.includes(needle))) return [];
    return [{ contact, value, shared: contacts.filter((other) => JSON.stringify(other).toLowerCase().includes(needle)).length }];
  });
  return candidates.sort((a, b) => a.shared - b.shared)[0];
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

function searchInput(input: SearchInput): Scenario {
  return {
    id: `contacts.${slug(input.param)}.by-${slug(input.input)}`,
    operation: 'listContacts',
    behaviour: 'filter',
    title: `${input.param} finds a contact by its ${input.input} alone: the value is in nothing else of the contact ${input.param} is documented to search`,
    source: 'description: Endpoints',
    async run(t: ScenarioContext) {
      const picked = fairContact(await t.facts.contacts(), input);
      if (!picked) return t.skip(`no contact on the first page of the account has its ${input.input} in nothing else ${input.param} searches`);
      const { items } = await walk(t, 'listContacts', { query: { ...(await account(t)), limit: 25, [input.param]: picked.value } }, 4);
      const found = items.some((contact) => contact.contact_id === picked.contact.contact_id);
      t.check(found, {
        path: '$.data.contacts',
        expected: `contact ${picked.contact.contact_id}, whose ${input.input} is ${JSON.stringify(picked.value)} (${input.param}=${JSON.stringify(picked.value)})`,
        actual: `not listed among ${items.length}`,
      });
    },
  };
}

/** The search inputs the description documents for `query`, `search` and `company_name`, each used alone. */
export const searchScenarios: Scenario[] = INPUTS.map(searchInput);
export const SEARCH_INPUTS = INPUTS.map(({ param, input }) => ({ param, input }));
