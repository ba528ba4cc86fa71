import type { Contact } from '@network-org/sdk';
import type { ScenarioContext } from '../context';
import { account, itemsOf } from './lists';
import type { Scenario } from './scenario';

const lower = (text: unknown) => (typeof text === 'string' ? text.toLowerCase() : '');

/** A filter of the contacts list by text: a value picked from the first page, and what a contact it matches shows. */
interface TextFilter {
  param: string;
  title: string;
  /** A value to filter on from one contact of the page (the rarest there, so that the filter narrows the page). */
  pick(contact: Contact): string | undefined;
  /** Whether a listed contact shows `value` where the filter looks (lists omit notes: what they hide is not judged). */
  matches(contact: Contact, value: string): boolean;
}

/** Words of a text worth searching for: four letters or more. */
const words = (text: unknown) => lower(text).split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 4);

const FILTERS: TextFilter[] = [
  {
    param: 'headline',
    title: 'headline gives the contacts whose headline contains the text',
    pick: (contact) => words(contact.headline)[0],
    matches: (contact, value) => lower(contact.headline).includes(value),
  },
  {
    param: 'location',
    title: "location gives the contacts whose location contains the text",
    pick: (contact) => lower(contact.locations?.[0]?.city ?? contact.locations?.[0]?.display_text) || undefined,
    matches: (contact, value) =>
      (contact.locations ?? []).some((place) => [place.display_text, place.network_text, place.city, place.state, place.country, place.country_full, place.country_code].some((part) => lower(part).includes(value))),
  },
  {
    param: 'company_size',
    title: "company_size (a headcount range) gives the contacts whose company has that headcount",
    pick: (contact) => contact.company?.headcount ?? undefined,
    matches: (contact, value) => contact.company?.headcount === value,
  },
  {
    param: 'search',
    title: 'search (a handle) gives the contacts that mention it: the contact with that handle among them',
    pick: (contact) => lower(contact.public_identifier) || undefined,
    matches: (contact, value) => lower(JSON.stringify(contact)).includes(value),
  },
];

/** The contacts of the page each filter value would pick, the rarest value first (the most a filter can narrow). */
function rarest(contacts: Contact[], filter: TextFilter): { value: string; contact: Contact } | undefined {
  const candidates = contacts.flatMap((contact) => {
    const value = filter.pick(contact);
    return value ? [{ value, contact, shared: contacts.filter((other) => filter.matches(other, value)).length }] : [];
  });
  return candidates.sort((a, b) => a.shared - b.shared)[0];
}

function textFilter(filter: TextFilter): Scenario {
  return {
    id: `contacts.filter.${filter.param.replace(/_/g, '-')}`,
    operation: 'listContacts',
    behaviour: 'filter',
    title: filter.title,
    source: 'description: Endpoints',
    async run(t: ScenarioContext) {
      const page = await t.facts.contacts();
      const picked = rarest(page, filter);
      if (!picked) return t.skip(`no contact on the first page of the account has a value for ${filter.param}`);
      const answer = await t.call('listContacts', { query: { ...(await account(t)), limit: 25, [filter.param]: picked.value } });
      if (!t.expectOk(answer)) return;
      const contacts = itemsOf(answer, 'listContacts');
      t.check(contacts.some((c) => c.contact_id === picked.contact.contact_id), {
        path: '$.data.contacts',
        expected: `contact ${picked.contact.contact_id}, whose ${filter.param} gave ${JSON.stringify(picked.value)}`,
        actual: JSON.stringify(contacts.map((c) => c.contact_id)),
      });
      let reported = 0;
      contacts.forEach((contact, index) => {
        if (!filter.matches(contact, picked.value) && reported++ < 3) {
          t.differ({ path: `$.data.contacts[${index}]`, expected: `a contact matching ${filter.param}=${JSON.stringify(picked.value)}`, actual: JSON.stringify(contact.name) });
        }
      });
    },
  };
}

export const contactFilterScenarios: Scenario[] = FILTERS.map(textFilter);
