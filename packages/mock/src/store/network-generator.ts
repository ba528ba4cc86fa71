import type { Faker } from '@faker-js/faker';
import type { Built } from './drawn-fields';
import type { Ids } from './ids';
import type { Pools } from './pools';
import type { Random } from './random';
import type { NetworkCompanyRecord, NetworkPersonRecord } from './types';
import { MEDIA_ORIGIN } from './urls';
import { timeBefore } from './anchor';

/** Headcount ranges as the network shows them, with the employee counts they cover. */
export const HEADCOUNT_RANGES: readonly { label: string; min: number; max: number }[] = [
  { label: '1-10', min: 1, max: 10 },
  { label: '11-50', min: 11, max: 50 },
  { label: '51-200', min: 51, max: 200 },
  { label: '201-500', min: 201, max: 500 },
  { label: '501-1000', min: 501, max: 1000 },
  { label: '1001-5000', min: 1001, max: 5000 },
  { label: '5001-10000', min: 5001, max: 10000 },
  { label: '10001+', min: 10001, max: Number.MAX_SAFE_INTEGER },
];

export const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** Slugs of the pools' names, each made once (a person's handle starts with two of them). */
const nameSlugs = new Map<string, string>();
const NAME_SLUGS_MAX = 10_000;

function slugOfName(name: string): string {
  let text = nameSlugs.get(name);
  if (text === undefined) {
    text = slug(name);
    if (nameSlugs.size < NAME_SLUGS_MAX) nameSlugs.set(name, text);
  }
  return text;
}

/**
 * `slug(`${first}-${last}`)` from the two names' slugs: the hyphen joins the two runs of other characters around it
 * into one, and the ends are trimmed, so the slug of the pair is the two slugs joined by a hyphen, or the one that
 * is not empty.
 */
function nameSlug(first: string, last: string): string {
  const a = slugOfName(first);
  const b = slugOfName(last);
  return a === '' ? b : b === '' ? a : `${a}-${b}`;
}

/** The fields of a network company that are always generated, drawn from `random` in this order. */
function generatedDetails(random: Random, pools: Pools, now: Date, providerId: string | number) {
  return {
    founding_date: String(now.getUTCFullYear() - random.int(1, 60)),
    follower_count: random.int(10, 250_000),
    industry: random.pick(pools.industries),
    location: random.pick(pools.locations),
    avatar_url: `${MEDIA_ORIGIN}/company/${providerId}/logo.png`,
    background_cover_url: `${MEDIA_ORIGIN}/company/${providerId}/cover.png`,
    profile_fetched_at: timeBefore(now, random.int(1, 200)),
    updated_at: timeBefore(now, random.int(0, 30)),
  };
}

export function buildNetworkCompanies(
  faker: Faker,
  random: Random,
  pools: Pools,
  ids: Ids,
  now: Date,
  count: number,
): NetworkCompanyRecord[] {
  const companies: NetworkCompanyRecord[] = [];
  const handles = new Set<string>();
  for (let index = 0; index < count; index++) {
    const name = faker.company.name();
    let handle = slug(name) || 'company';
    if (handles.has(handle)) handle = `${handle}-${index}`;
    handles.add(handle);
    const range = random.pick(HEADCOUNT_RANGES);
    const employeeCount = random.int(range.min, Math.min(range.max, 60_000));
    const providerId = ids.take('network_company');
    const domain = `${handle}.example.com`;
    companies.push({
      provider_participant_id: `co_${providerId}`,
      public_identifier: handle,
      name,
      headline: random.pick(pools.catchPhrases),
      about: `${name}: ${random.pick(pools.catchPhrases)}.`,
      website_url: `https://${domain}`,
      headcount: range.label,
      employee_count: employeeCount,
      ...generatedDetails(random, pools, now, providerId),
    });
  }
  return companies;
}

/** What an inserted company may set; the rest is generated. */
export interface NetworkCompanyFields {
  name?: string;
  public_identifier?: string;
  headline?: string;
  about?: string;
  website_url?: string;
  headcount?: string;
  employee_count?: number;
}

const COMPANY_SUFFIXES = ['Group', 'Labs', 'Systems', 'Partners', 'Holdings', 'Works'] as const;

/** One network company from `random` and the pools, with `fields` where given (mock.seed). */
export function buildNetworkCompanyRecord(random: Random, pools: Pools, ids: Ids, now: Date, fields: NetworkCompanyFields = {}): NetworkCompanyRecord {
  const providerId = ids.take('network_company');
  const name = fields.name ?? `${random.pick(pools.lastNames)} ${random.pick(COMPANY_SUFFIXES)}`;
  const handle = fields.public_identifier ?? `${slug(name) || 'company'}-${providerId}`;
  const range =
    (fields.headcount !== undefined ? HEADCOUNT_RANGES.find((candidate) => candidate.label === fields.headcount) : undefined) ??
    (fields.employee_count !== undefined
      ? HEADCOUNT_RANGES.find((candidate) => (fields.employee_count as number) >= candidate.min && (fields.employee_count as number) <= candidate.max)
      : undefined) ??
    random.pick(HEADCOUNT_RANGES);
  const catchPhrase = random.pick(pools.catchPhrases);
  return {
    provider_participant_id: `co_${providerId}`,
    public_identifier: handle,
    name,
    headline: fields.headline ?? catchPhrase,
    about: fields.about ?? `${name}: ${catchPhrase}.`,
    website_url: fields.website_url ?? `https://${handle}.example.com`,
    headcount: range.label,
    employee_count: fields.employee_count ?? random.int(range.min, Math.min(range.max, 60_000)),
    ...generatedDetails(random, pools, now, providerId),
  };
}

/**
 * A new person of the network, with a unique handle, working at one of `companies`; the caller stores it
 * (`store.network.addPerson`, which draws the nullable fields left out here).
 */
export function makeNetworkPerson(
  random: Random,
  pools: Pools,
  ids: Ids,
  now: Date,
  companies: readonly NetworkCompanyRecord[],
): Built<NetworkPersonRecord> {
  const firstName = random.pick(pools.firstNames);
  const lastName = random.pick(pools.lastNames);
  const providerId = ids.take('network_person');
  // The id suffix keeps handles unique without a lookup loop.
  const handle = `${nameSlug(firstName, lastName)}-${Number(providerId).toString(36)}`;
  const company = random.pick(companies);
  const title = random.pick(pools.jobTitles);
  const person: Built<NetworkPersonRecord> = {
    provider_participant_id: `pe_${providerId}`,
    public_identifier: handle,
    first_name: firstName,
    last_name: lastName,
    headline: `${title} at ${company.name}`,
    primary_role_title: title,
    company,
    location: random.pick(pools.locations),
    follower_count: random.int(0, 20_000),
    connections_count: random.int(1, 500),
    avatar_url: `${MEDIA_ORIGIN}/person/${providerId}/avatar.jpg`,
    background_cover_url: `${MEDIA_ORIGIN}/person/${providerId}/cover.jpg`,
    details_seed: random.seed(),
    profile_fetched_at: timeBefore(now, random.int(1, 200)),
    updated_at: timeBefore(now, random.int(0, 30)),
  };
  return person;
}
