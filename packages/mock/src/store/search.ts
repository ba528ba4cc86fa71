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

// The person's share of a contact's search text, by their details (one object per person while they are cached):
// an edit of the contact's own fields joins only its own share again.
const personShares = new WeakMap<PersonDetails, string>();

function personSearchText(person: NetworkPersonRecord, details: PersonDetails): string {
  let share = personShares.get(details);
  if (share !== undefined) return share;
  const company = person.company;
  share = [
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
  personShares.set(details, share);
  return share;
}

/**
 * The lowercase text the contacts `search` filter looks in: profile details, tags, notes, locations,
 * work history, education and company data. Computed once per change, never per request.
 */
export function contactSearchText(contact: ContactRecord, details: PersonDetails): string {
  const own: string[] = [...contact.tags.map((tag) => tag.name), contact.notes_json ?? '', ...[...contact.custom_fields.values()].map(String)];
  if (contact.work_email) own.push(contact.work_email);
  return `${personSearchText(contact.person, details)}\n${own.join('\n').toLowerCase()}`;
}
