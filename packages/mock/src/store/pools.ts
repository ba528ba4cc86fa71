import type { Faker } from '@faker-js/faker';
import type { IndustryRecord, LocationRecord } from './types';

/** Word pools built once per store from the seeded faker; records pick from them with `Random`. */
export interface Pools {
  firstNames: string[];
  lastNames: string[];
  jobTitles: string[];
  schools: string[];
  degrees: readonly string[];
  fieldsOfStudy: readonly string[];
  employmentTypes: readonly string[];
  locations: LocationRecord[];
  industries: IndustryRecord[];
  languages: readonly string[];
  bios: string[];
  catchPhrases: string[];
  messageTexts: string[];
  noteTexts: string[];
}

const DEGREES = ['BSc', 'BA', 'MSc', 'MBA', 'PhD', 'MA', 'BEng'] as const;
const FIELDS_OF_STUDY = [
  'Computer Science', 'Economics', 'Marketing', 'Mechanical Engineering', 'Finance', 'Psychology',
  'Business Administration', 'Mathematics', 'Design', 'Law', 'Physics', 'Communications',
] as const;
const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contract', 'self_employed', 'internship'] as const;
const LANGUAGES = ['English', 'French', 'German', 'Spanish', 'Italian', 'Portuguese', 'Dutch', 'Japanese', 'Polish'] as const;
const INDUSTRY_NAMES = [
  'Software Development', 'Financial Services', 'Hospital and Health Care', 'Retail', 'Manufacturing',
  'Marketing Services', 'Higher Education', 'Logistics', 'Telecommunications', 'Renewable Energy',
  'Biotechnology', 'Staffing and Recruiting', 'Real Estate', 'Media Production', 'Insurance',
] as const;
const COUNTRIES = [
  { code: 'US', name: 'United States', area: 'North America' },
  { code: 'GB', name: 'United Kingdom', area: 'Europe' },
  { code: 'DE', name: 'Germany', area: 'Europe' },
  { code: 'FR', name: 'France', area: 'Europe' },
  { code: 'CA', name: 'Canada', area: 'North America' },
] as const;

function distinct(count: number, make: () => string): string[] {
  const seen = new Set<string>();
  for (let attempt = 0; seen.size < count && attempt < count * 20; attempt++) seen.add(make());
  return [...seen];
}

function location(faker: Faker, index: number): LocationRecord {
  // Two thirds in the United States, where faker's states make sense.
  const country = index % 3 === 2 ? faker.helpers.arrayElement(COUNTRIES.slice(1)) : COUNTRIES[0];
  const city = faker.location.city();
  const isUs = country.code === 'US';
  const state = isUs ? faker.location.state() : faker.location.county();
  const regionCode = isUs ? faker.location.state({ abbreviated: true }) : state.slice(0, 3).toUpperCase();
  const displayText = `${city}, ${state}, ${country.name}`;
  return {
    network_text: displayText,
    display_text: displayText,
    country_code: country.code,
    region_code: regionCode,
    country: country.code,
    country_full: country.name,
    state,
    city,
    geographic_area: country.area,
  };
}

export function buildPools(faker: Faker): Pools {
  return {
    firstNames: distinct(300, () => faker.person.firstName()),
    lastNames: distinct(400, () => faker.person.lastName()),
    jobTitles: distinct(150, () => faker.person.jobTitle()),
    schools: distinct(50, () =>
      faker.datatype.boolean() ? `University of ${faker.location.city()}` : `${faker.location.city()} Institute of Technology`,
    ),
    degrees: DEGREES,
    fieldsOfStudy: FIELDS_OF_STUDY,
    employmentTypes: EMPLOYMENT_TYPES,
    locations: Array.from({ length: 60 }, (_, index) => location(faker, index)),
    industries: INDUSTRY_NAMES.map((name, index) => ({
      name,
      title: name,
      industry_urn: `urn:li:industry:${index + 1}`,
      provider_industry_id: String(index + 1),
      hierarchy: name,
    })),
    languages: LANGUAGES,
    bios: Array.from({ length: 80 }, () => faker.person.bio()),
    catchPhrases: Array.from({ length: 80 }, () => faker.company.catchPhrase()),
    messageTexts: Array.from({ length: 80 }, () => faker.lorem.sentence({ min: 4, max: 16 })),
    noteTexts: Array.from({ length: 40 }, () => faker.lorem.sentence({ min: 3, max: 10 })),
  };
}
