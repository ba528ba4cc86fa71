import type { LocaleDefinition } from '@faker-js/faker';
import { faker as englishFaker } from '@faker-js/faker/locale/en';

/**
 * The definitions of faker's English locale (over its base) that the seeded dataset draws from, by category: faker's
 * own generators over these alone give the same values as over the whole locale, which is some four times larger and
 * most of the mock's weight in a page. A draw from a definition not named here throws; a test builds datasets over
 * both and compares them.
 */
const DRAWN_DEFINITIONS = {
  company: ['adjective', 'descriptor', 'legal_entity_type', 'name_pattern', 'noun'],
  internet: ['emoji'],
  location: ['city_name', 'city_pattern', 'city_prefix', 'city_suffix', 'county', 'state', 'state_abbr'],
  lorem: ['word'],
  person: ['bio_part', 'bio_pattern', 'bio_supporter', 'first_name', 'job_area', 'job_descriptor', 'job_title_pattern', 'job_type', 'last_name', 'last_name_pattern'],
  word: ['noun'],
} as const satisfies Partial<Record<keyof LocaleDefinition, readonly string[]>>;

/**
 * The drawn definitions, taken from faker's English locale. From the sources (tests) this runs; the package's build
 * replaces this module by its result, so the package loads neither faker's English locale nor its other categories.
 */
export function drawnLocale(): LocaleDefinition {
  const whole = englishFaker.rawDefinitions as Record<string, Record<string, unknown> | undefined>;
  const drawn: Record<string, Record<string, unknown>> = {};
  for (const [category, keys] of Object.entries(DRAWN_DEFINITIONS)) {
    const definitions = whole[category] ?? {};
    drawn[category] = Object.fromEntries(keys.filter((key) => definitions[key] !== undefined).map((key) => [key, definitions[key]]));
  }
  return drawn as LocaleDefinition;
}
