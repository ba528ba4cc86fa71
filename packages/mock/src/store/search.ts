import type { ContactRecord, NetworkPersonRecord, PersonDetails } from './types';
import { personUrl } from './urls';

/** The text the contacts `query` filter looks in: name, headline, company, role, handle, profile URL. */
export function queryText(person: NetworkPersonRecord): string {
  return [
    person.first_name,
    person.last_name,
    `${person.first_name} ${person.last_name}`,
    person.headline,
    person.company.name,
    person.primary_role_title,
    person.public_identifier,
    personUrl(person.public_identifier),
  ]
    .join('\n')
    .toLowerCase();
}

/** The person's share of a contact's search text: profile details, work history, education, company data. */
function personSearchText(person: NetworkPersonRecord, details: PersonDetails): string {
  const company = person.company;
  return [
    `${person.first_name} ${person.last_name}`,
    person.headline,
    person.public_identifier,
    details.about,
    person.location.display_text,
    ...details.languages,
    ...details.experiences.flatMap((experience) => [experience.company_name, experience.title, experience.location]),
    ...details.educations.flatMap((education) => [education.school_name, education.degree, education.field_of_study]),
    company.name,
    company.headline,
    company.industry.name,
    company.location.display_text,
    company.website_url,
  ]
    .join('\n')
    .toLowerCase();
}

/** The contact's own share of its search text: tags, notes, custom field values, the e-mail found. */
function contactOwnText(contact: ContactRecord): string {
  const own: string[] = [...contact.tags.map((tag) => tag.name), contact.notes_json ?? '', ...[...contact.custom_fields.values()].map(String)];
  if (contact.work_email) own.push(contact.work_email);
  return own.join('\n').toLowerCase();
}

/**
 * The lowercase text the contacts `search` filter looks in: profile details, tags, notes, locations,
 * work history, education and company data. Computed once per change, never per request.
 */
export function contactSearchText(contact: ContactRecord, details: PersonDetails): string {
  // Joined, not concatenated: one flat string per contact, not a rope holding both shares.
  return [personSearchText(contact.person, details), contactOwnText(contact)].join('\n');
}

/**
 * The search text of an edited copy of `before` (same person): the person's share is cut from `before`'s text, so
 * the person's details need not be derived again; undefined when `before`'s text was not built this way.
 */
export function editedSearchText(before: ContactRecord, after: ContactRecord): string | undefined {
  const ownBefore = contactOwnText(before);
  const text = before.search_text;
  if (text.length <= ownBefore.length || !text.endsWith(ownBefore) || text[text.length - ownBefore.length - 1] !== '\n') return undefined;
  return [text.slice(0, text.length - ownBefore.length - 1), contactOwnText(after)].join('\n');
}
