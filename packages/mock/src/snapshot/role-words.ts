import type { Faker } from '@faker-js/faker';
import { faker as englishFaker } from '@faker-js/faker/locale/en';

/*
 * Role titles and headlines keep the words of a public job vocabulary and replace the rest, so that a search by role
 * finds about the same share of contacts in a snapshot as in its source. The vocabulary is faker's (job descriptors,
 * areas and types) with the common role words it lacks; none of them names or reaches anyone.
 */

type WordClass = 'descriptor' | 'area' | 'type' | 'glue';

const person = englishFaker.rawDefinitions.person ?? {};
const FAKER_DESCRIPTORS: readonly string[] = person.job_descriptor ?? [];
const FAKER_AREAS: readonly string[] = person.job_area ?? [];
const DESCRIPTORS: readonly string[] = [...FAKER_DESCRIPTORS, 'Junior', 'Staff', 'Head', 'Vice'];
const AREAS: readonly string[] = [
  ...FAKER_AREAS,
  'Sales',
  'Software',
  'Business',
  'Development',
  'Finance',
  'Engineering',
  'Project',
  'Design',
  'Support',
  'Success',
  'Talent',
  'Resources',
  'People',
  'Legal',
  'Technology',
  'Account',
  'Partnerships',
  'Growth',
  'Strategy',
];
const TYPES: readonly string[] = [
  ...(person.job_type ?? []),
  'President',
  'Founder',
  'Co-Founder',
  'Owner',
  'Partner',
  'Recruiter',
  'Scientist',
  'Intern',
  'VP',
  'CEO',
  'CTO',
  'CFO',
  'COO',
  'CMO',
];
/** Words that join role words and say nothing of anyone. */
const GLUE = ['of', 'and', 'at', 'for', 'the', 'in', 'on', 'to', 'with', '&', '@', '|', '-', '/', ','];

const CLASSES = new Map<string, WordClass>();
for (const [words, kind] of [
  [GLUE, 'glue'],
  [DESCRIPTORS, 'descriptor'],
  [AREAS, 'area'],
  [TYPES, 'type'],
] as const) {
  for (const word of words) CLASSES.set(word.toLowerCase(), kind);
}

const classOf = (word: string): WordClass | undefined => CLASSES.get(word.toLowerCase());

/** Words and what lies between them; a word is a run of letters, digits, apostrophes, dots and inner hyphens. */
const tokens = (text: string) => text.split(/([\p{L}\p{N}][\p{L}\p{N}'.-]*[\p{L}\p{N}]|[\p{L}\p{N}])/u);

const capitalised = (word: string, like: string) => (/^\p{Lu}/u.test(like) ? word.charAt(0).toUpperCase() + word.slice(1) : word);

/**
 * A role title of the same role: the vocabulary's words kept where they stand, every other word replaced by one of
 * faker's job areas. A title made of vocabulary alone is said the other way round (`Director of Sales` as
 * `Sales Director`, `Sales Manager` as `Manager, Sales`), so that no source title is kept whole while a search by any
 * of its words still finds it.
 */
export function fakeRoleTitle(faker: Faker, title: string): string {
  const parts = tokens(title);
  let replaced = false;
  for (let index = 1; index < parts.length; index += 2) {
    const word = parts[index] as string;
    if (classOf(word) !== undefined) continue;
    parts[index] = /^\p{N}+$/u.test(word) ? String(faker.number.int({ min: 1, max: 9 })) : capitalised(faker.helpers.arrayElement(FAKER_AREAS), word);
    replaced = true;
  }
  return replaced ? parts.join('') : turned(faker, title);
}

/** The same role words in another order (or, for one word, with a descriptor before it). */
function turned(faker: Faker, title: string): string {
  const text = title.trim();
  const of = /^(.+?)\s+of\s+(?:the\s+)?(.+)$/i.exec(text);
  if (of) return `${of[2]} ${of[1]}`;
  const comma = /^([^,]+),\s*(.+)$/.exec(text);
  if (comma) return `${comma[2]} ${comma[1]}`;
  const words = text.split(/\s+/);
  const last = words.at(-1) as string;
  if (words.length > 1 && classOf(last) === 'type') return `${last}, ${words.slice(0, -1).join(' ')}`;
  const descriptor = faker.helpers.arrayElement(FAKER_DESCRIPTORS.filter((word) => !words.includes(word)));
  return `${descriptor} ${text}`;
}

export interface HeadlineContext {
  /** The source's role title and company name, and their fakes: a headline that names them gets the fakes. */
  roleTitle?: [real: string, fake: string];
  companyName?: [real: string, fake: string];
}

/**
 * A headline in the same words of role: the source's role title and company name in it become their fakes, the
 * vocabulary's words and the glue between them are kept, and every other word is replaced by an English word.
 */
export function fakeHeadline(faker: Faker, headline: string, context: HeadlineContext = {}): string {
  const pieces: { text: string; fixed: boolean }[] = [{ text: headline, fixed: false }];
  for (const pair of [context.roleTitle, context.companyName]) {
    if (!pair || pair[0].trim() === '') continue;
    for (let index = pieces.length - 1; index >= 0; index--) {
      const piece = pieces[index] as { text: string; fixed: boolean };
      if (piece.fixed || !piece.text.includes(pair[0])) continue;
      const split = piece.text.split(pair[0]);
      const replacement = split.flatMap((text, at) => (at === 0 ? [{ text, fixed: false }] : [{ text: pair[1], fixed: true }, { text, fixed: false }]));
      pieces.splice(index, 1, ...replacement);
    }
  }
  let replaced = pieces.some((piece) => piece.fixed);
  const text = pieces
    .map((piece) => {
      if (piece.fixed) return piece.text;
      const parts = tokens(piece.text);
      for (let index = 1; index < parts.length; index += 2) {
        const word = parts[index] as string;
        if (classOf(word) !== undefined) continue;
        parts[index] = /^\p{N}+$/u.test(word) ? String(faker.number.int({ min: 1, max: 99 })) : capitalised(faker.word.sample(), word);
        replaced = true;
      }
      return parts.join('');
    })
    .join('');
  return replaced ? text : turned(faker, text);
}
