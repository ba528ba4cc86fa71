// A source shaped like a real organization's, made by seeding the mock: its dataset's 600 people (names from faker's
// common English lists, corporate e-mails and handles made from them, phones) and 400 more seeded into the first
// account with names from the most common English names, ten-digit phones, corporate e-mails, handles, role titles
// and headlines as people write them, and messages that name people, companies, phones and e-mails.
import { createMockApi, type MockApi } from '@network-org/mock';

export const FIRST_NAMES = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William', 'Barbara',
  'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen', 'Christopher', 'Lisa', 'Daniel', 'Nancy',
  'Matthew', 'Betty', 'Anthony', 'Margaret', 'Mark', 'Sandra', 'Donald', 'Ashley', 'Steven', 'Kimberly', 'Paul', 'Emily',
  'Andrew', 'Donna', 'Joshua', 'Michelle', 'Kenneth', 'Carol', 'Kevin', 'Amanda', 'Brian', 'Melissa', 'George', 'Deborah',
];
export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez',
  'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White',
  'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott',
  'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell',
];
const COMPANIES = [
  'Northwind Traders', 'Contoso Pharmaceuticals', 'Blue Harbor Logistics', 'Summit Ridge Capital', 'Brightline Health',
  'Ironclad Security', 'Maple Street Bank', 'Cedar & Stone Architects', 'Redwood Analytics', 'Lakeside Foods',
  'Granite Peak Software', 'Silverline Media', 'Oakmont Insurance', 'Pioneer Robotics', 'Harborview Consulting',
  'Crescent Energy', 'Riverbend Manufacturing', 'Evergreen Retail', 'Atlas Freight', 'Beacon Legal',
];
export const ROLE_TITLES = [
  'Software Engineer', 'Senior Software Engineer', 'Sales Manager', 'Account Executive', 'Director of Marketing',
  'Product Manager', 'Data Analyst', 'Management Consultant', 'HR Business Partner', 'VP of Sales', 'Engineering Manager',
  'Financial Analyst', 'UX Designer', 'Customer Success Manager', 'Operations Director', 'Marketing Specialist',
  'Solutions Architect', 'Technical Recruiter', 'Chief Technology Officer', 'Business Development Representative',
  'Senior Product Designer', 'Regional Sales Director', 'IT Consultant', 'Security Engineer', 'Marketing Manager',
];
const CITIES = ['Seattle', 'Austin', 'Boston', 'Denver', 'Chicago', 'Portland', 'Atlanta', 'Phoenix', 'Columbus', 'Nashville'];
/** The role words a search by role uses. */
export const ROLE_WORDS = ['Engineer', 'Manager', 'Director', 'Analyst', 'Consultant', 'Sales', 'Marketing', 'Designer', 'Senior', 'Product'];

/** People seeded into the first account, on top of the dataset's. */
export const SEEDED_PEOPLE = 400;

export interface RealPerson {
  first: string;
  last: string;
  handle: string;
  email: string;
  phone: string;
}

const domainOf = (company: string) => `${company.toLowerCase().replace(/[^a-z]+/g, '')}.com`;
const handleOf = (first: string, last: string, index: number) => `${first}-${last}-${(index * 7919 + 104_729).toString(36)}`.toLowerCase();

/** The people of `count` made from `offset` on: the same index gives the same person, in the source and in a guess list. */
export function realPeople(count: number, offset = 0): RealPerson[] {
  return Array.from({ length: count }, (_, at) => {
    const index = at + offset;
    const first = FIRST_NAMES[index % FIRST_NAMES.length] as string;
    const last = LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length] as string;
    const company = COMPANIES[index % COMPANIES.length] as string;
    return {
      first,
      last,
      handle: handleOf(first, last, index),
      email: `${first}.${last}${index >= FIRST_NAMES.length * LAST_NAMES.length ? index : ''}@${domainOf(company)}`.toLowerCase(),
      phone: String(2_000_000_000 + ((index * 48_271) % 7_999_999_999)).slice(0, 10),
    };
  });
}

/**
 * A mock of `contactsPerAccount` dataset contacts per account, with `people` seeded into its first account: titles,
 * headlines, counts, tags and messages.
 */
export function seededWith(people: readonly RealPerson[], { seed = 11, contactsPerAccount = 200 } = {}): MockApi {
  const mock = createMockApi({ rateLimit: false, seed, contactsPerAccount, conversationsPerAccount: 3, networkSize: 10 });
  const organization = mock.db.organizations()[0]!.id;
  const account = mock.db.accounts().find((candidate) => candidate.organization_id === organization)!;
  for (const [index, person] of people.entries()) {
    const company = COMPANIES[index % COMPANIES.length] as string;
    const title = ROLE_TITLES[(index * 7) % ROLE_TITLES.length] as string;
    const city = CITIES[index % CITIES.length] as string;
    const contact = mock.seed.contact({
      account_id: account.account_id,
      first_name: person.first,
      last_name: person.last,
      public_identifier: person.handle,
      work_email: person.email,
      phone: person.phone,
      primary_role_title: title,
      primary_company_name: company,
      headline: index % 3 === 0 ? `${title} at ${company} | Helping ${city} teams grow` : `${title} at ${company}`,
      follower_count: (index * 3_517) % 40_000,
      connections_count: (index * 37) % 900,
      tags: [{ name: index % 2 ? 'Customer' : 'Prospect', color: index % 2 ? 'green' : 'blue' }],
    });
    if (index % 5 === 0) {
      mock.seed.conversation({
        account_id: account.account_id,
        contact_ids: [contact.contact_id],
        messages: [
          { text: `Hi ${person.first}, great meeting you at the ${company} offsite in ${city}. Call me on ${person.phone}.`, direction: 'sent' },
          { text: `Thanks! Reach me at ${person.email} anytime.`, direction: 'received' },
        ],
      });
    }
  }
  return mock;
}
