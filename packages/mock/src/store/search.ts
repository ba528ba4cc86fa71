import type { ContactRecord, NetworkPersonRecord, PersonDetails } from './types';
import { personUrl } from './urls';

/** The text the contacts `query` filter looks in: name, headline, company, role, handle, profile URL. */
export function queryText(person: NetworkPersonRecord): string {
  // One concatenation lowercased once: the lines of a joined array, without the array (a build runs it per contact).
  const { first_name: first, last_name: last, public_identifier: handle } = person;
  return `${first}\n${last}\n${first} ${last}\n${person.headline}\n${person.company.name}\n${person.primary_role_title}\n${handle}\n${personUrl(handle)}`.toLowerCase();
}

/**
 * The person's share of a contact's search text, its lines as written: profile details, work history, education,
 * company data. Built by concatenation, lowercased with the contact's share in one pass (building a dataset makes one
 * per contact, and the arrays of a join were most of its garbage).
 */
function personSearchLines(person: NetworkPersonRecord, details: PersonDetails): string {
  const company = person.company;
  let text = `${person.first_name} ${person.last_name}\n${person.headline}\n${person.public_identifier}\n${details.about}\n${person.location.display_text}`;
  for (const language of details.languages) text += `\n${language}`;
  for (const experience of details.experiences) text += `\n${experience.company_name}\n${experience.title}\n${experience.location}`;
  for (const education of details.educations) text += `\n${education.school_name}\n${education.degree}\n${education.field_of_study}`;
  return `${text}\n${company.name}\n${company.headline}\n${company.industry.name}\n${company.location.display_text}\n${company.website_url}`;
}

/** The contact's own share of its search text, its lines as written: tags, notes, custom field values, the e-mail found. */
function contactOwnLines(contact: ContactRecord): string {
  // The lines of `[...tag names, notes or '', ...custom field values, work e-mail if any].join('\n')`.
  let text: string | undefined;
  for (const tag of contact.tags) text = text === undefined ? tag.name : `${text}\n${tag.name}`;
  text = text === undefined ? (contact.notes_json ?? '') : `${text}\n${contact.notes_json ?? ''}`;
  for (const value of contact.custom_fields.values()) text += `\n${String(value)}`;
  if (contact.work_email) text += `\n${contact.work_email}`;
  return text;
}

/** The contact's own share of its search text, lowercase. */
function contactOwnText(contact: ContactRecord): string {
  return contactOwnLines(contact).toLowerCase();
}

/**
 * The lowercase text the contacts `search` filter looks in: profile details, tags, notes, locations,
 * work history, education and company data. Computed once per change, never per request.
 */
export function contactSearchText(contact: ContactRecord, details: PersonDetails): string {
  // Lowercased whole: a line break maps to itself and ends any context a letter's lowercase depends on, so this is
  // the two shares lowercased apart and joined; and `toLowerCase` gives one flat string, not a rope of both shares.
  return `${personSearchLines(contact.person, details)}\n${contactOwnLines(contact)}`.toLowerCase();
}

/**
 * The search text of an edited copy of `before` (same person): the person's share is cut from `text`, `before`'s,
 * so the person's details need not be derived again; undefined when `before`'s text was not built this way.
 */
export function editedSearchText(before: ContactRecord, text: string, after: ContactRecord): string | undefined {
  const ownBefore = contactOwnText(before);
  if (text.length <= ownBefore.length || !text.endsWith(ownBefore) || text[text.length - ownBefore.length - 1] !== '\n') return undefined;
  return [text.slice(0, text.length - ownBefore.length - 1), contactOwnText(after)].join('\n');
}
