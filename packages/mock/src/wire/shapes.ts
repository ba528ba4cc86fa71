import type { KnownFields } from '@network-org/sdk';
import type {
  AccountSummary,
  Company,
  CompanyListItem,
  Contact,
  ContactListItem,
  ContactWithEnrichment,
  CreatedView,
  Education,
  EnrichmentBlock,
  EnrichmentParticipant,
  Experience,
  Location,
  Organization,
  View,
} from '@network-org/spec/openapi';
import { schemas } from '@network-org/spec/zod';
import type { Store } from '../store/index';
import { companyKind, contactKind, PERSON_ON_CONTACT } from '../store/kinds';
import type {
  AccountRecord,
  CompanyRecord,
  ContactRecord,
  CustomFieldValue,
  EducationRecord,
  ExperienceRecord,
  LocationRecord,
  NetworkCompanyRecord,
  NetworkPersonRecord,
  OrganizationRecord,
  ViewRecord,
} from '../store/types';
import { APP_ORIGIN, NETWORK_ORIGIN, companyUrl, personUrl } from '../store/urls';

// Record -> wire shape (spec/openapi.yaml), written once for every route that returns the record.

/** The network's name in enrichment `provider` fields. */
export const PROVIDER = 'network';

export function organizationWire(organization: OrganizationRecord): Organization {
  return { id: organization.id, name: organization.name, created_at: organization.created_at };
}

export function accountWire(account: AccountRecord): AccountSummary {
  return {
    account_id: account.account_id,
    display_name: account.display_name,
    provider_account_id: account.provider_account_id,
    owner_user_id: account.owner_user_id,
  };
}

/** The fields of a position that the contact and the enrichment views share. */
const positionFields = (experience: ExperienceRecord) => ({
  company_name: experience.company_name,
  title: experience.title,
  employment_type: experience.employment_type,
  location: experience.location,
  start_at: experience.start_at,
  end_at: experience.end_at,
  description: experience.description,
});

/** The fields of an education that the contact and the enrichment views share. */
const schoolFields = (education: EducationRecord) => ({
  school_name: education.school_name,
  degree: education.degree,
  field_of_study: education.field_of_study,
  start_at: education.start_at,
  end_at: education.end_at,
  description: education.description,
});

/** Custom field values as own top-level keys (fromEntries defines them, so no name reaches a prototype). */
const customFieldsWire = (fields: Map<string, CustomFieldValue>) => Object.fromEntries(fields);

const locationWire = (location: LocationRecord, isHeadquarter: boolean): Location => ({
  is_primary: true,
  is_headquarter: isHeadquarter,
  ...location,
});

/** The company as embedded in a contact. */
export function companyWire(company: CompanyRecord): Company {
  const network = company.network;
  const wire: KnownFields<Company> = {
    company_id: company.company_id,
    provider_participant_id: network.provider_participant_id,
    name: network.name,
    public_identifier: network.public_identifier,
    headline: network.headline,
    network_url: companyUrl(network.public_identifier),
    avatar_url: network.avatar_url,
    background_cover_url: network.background_cover_url,
    headcount: network.headcount,
    employee_count: network.employee_count,
    founding_date: network.founding_date,
    website_url: network.website_url,
    follower_count: network.follower_count,
    about: network.about,
    notes_json: company.notes_json,
    tags: company.tags.map((tag) => ({ ...tag })),
    industries: [{ ...network.industry }],
    locations: [locationWire(network.location, true)],
  };
  return Object.assign(wire as Company, heldFields(HELD_ON_COMPANY, company, null, wire));
}

/** The company as the company list and update show it: with its account, contact count and custom fields. */
export function companyListItemWire(company: CompanyRecord, contactCount: number): CompanyListItem {
  // Copied onto the custom fields, not spread after them: see contactWire.
  return Object.assign(customFieldsWire(company.custom_fields), companyWire(company), {
    account_id: company.account_id,
    contact_count: contactCount,
  }) as CompanyListItem;
}

/**
 * How much of a contact a response shows: `import` the short profile, `list` everything but notes,
 * enrichment and sequence, `full` everything (update and find-email).
 */
export type ContactShape = 'import' | 'list' | 'full';

/** The list shape: a list item, with the `last_interaction_at` this mock always shows there. */
export type ListedContact = ContactListItem & Pick<ContactWithEnrichment, 'last_interaction_at'>;

/** The wire type of each shape: `full` answers both the update (`UpdatedContact`) and find-email. */
interface ContactOfShape {
  import: Contact;
  list: ListedContact;
  full: ContactWithEnrichment;
}

export function contactWire<Shape extends ContactShape>(store: Store, contact: ContactRecord, shape: Shape): ContactOfShape[Shape];
export function contactWire(store: Store, contact: ContactRecord, shape: ContactShape): Contact {
  if (shape === 'import') return contactBase(store, contact);
  const wire = listedContactWire(store, contact, contactProfileWire(store, contact), companyWire(store.companies.ofContact(contact)));
  return shape === 'full' ? Object.assign(wire, contactFullFields(contact)) : wire;
}

function contactBase(store: Store, contact: ContactRecord): Contact {
  const person = contact.person;
  const account = store.directory.account(contact.account_id) as AccountRecord;
  const base: KnownFields<Contact> = {
    account_relationship_id: contact.account_relationship_id,
    contact_id: contact.contact_id,
    provider_participant_id: person.provider_participant_id,
    public_identifier: person.public_identifier,
    account: accountWire(account),
    name: `${person.first_name} ${person.last_name}`,
    first_name: person.first_name,
    last_name: person.last_name,
    headline: person.headline,
    primary_role_title: person.primary_role_title,
    primary_company_name: person.company.name,
    network_url: personUrl(person.public_identifier),
    relationship_status: contact.relationship_status,
    tags: contact.tags.map((tag) => ({ ...tag })),
    app_url: `${APP_ORIGIN}/contacts/${contact.contact_id}`,
  };
  return base as Contact;
}

/**
 * What a contact's list shape shows of its network person's profile: decided by the person and by which companies of
 * the person's history its account holds, never by an edit of the contact itself.
 */
interface ContactProfile {
  about: ListedContact['about'];
  languages: ListedContact['languages'];
  experiences: ListedContact['experiences'];
  educations: ListedContact['educations'];
  locations: ListedContact['locations'];
}

function contactProfileWire(store: Store, contact: ContactRecord): ContactProfile {
  const details = store.network.personDetails(contact.person);
  const experiences: Experience[] = details.experiences.map((experience) => ({
    experience_id: experience.experience_id,
    is_current: experience.is_current,
    company_participant_id: experience.company
      ? (store.companies.findOf(contact.account_id, experience.company)?.company_id ?? null)
      : null,
    company_provider_participant_id: experience.company?.provider_participant_id ?? null,
    ...positionFields(experience),
  }));
  const educations: Education[] = details.educations.map((education) => ({
    education_id: education.education_id,
    school_participant_id: null,
    school_provider_participant_id: education.school?.provider_participant_id ?? null,
    ...schoolFields(education),
  }));
  return {
    about: details.about,
    languages: details.languages.map((language) => ({ language })),
    experiences,
    educations,
    locations: [locationWire(contact.person.location, false)],
  };
}

/** The list shape of a contact, with its profile (`contactProfileWire`) and its company's wire shape as given. */
function listedContactWire(store: Store, contact: ContactRecord, profile: ContactProfile, company: Company): ListedContact {
  const person = contact.person;
  const base = contactBase(store, contact);
  const connected = contact.relationship_status === 'connected';
  const listed = {
    work_email: contact.work_email,
    phone: contact.phone,
    avatar_url: person.avatar_url,
    background_cover_url: person.background_cover_url,
    about: profile.about,
    profile_action_label: connected ? 'Message' : 'Connect',
    profile_action_url: connected
      ? `${NETWORK_ORIGIN}/messaging/compose?to=${person.public_identifier}`
      : personUrl(person.public_identifier),
    follower_count: person.follower_count,
    connections_count: person.connections_count,
    connection_invitation: contact.connection_invitation ? { ...contact.connection_invitation } : null,
    languages: profile.languages,
    experiences: profile.experiences,
    educations: profile.educations,
    locations: profile.locations,
    company,
    last_interaction_at: contact.last_interaction_at,
  };
  // Custom fields come first; the rest is copied onto them rather than spread into a literal after them, which
  // costs V8 tens of microseconds per contact that has custom fields.
  const held = heldFields(HELD_ON_CONTACT, contact, contact.person, base, listed);
  return Object.assign(customFieldsWire(contact.custom_fields), base, listed, held) as ListedContact;
}

/** What the full shape adds to the list shape, last and in this order. */
const FULL_FIELDS = ['notes_json', 'contact_enrichment', 'sequence'] as const;

/**
 * The fields of a wire type that a record (or the person it is with) holds as the wire shows them, per kinds.ts, and
 * of those the ones its mapper does not write itself: the same for every record, none today, found on first use.
 */
interface HeldFields {
  held: readonly { key: string; ofPerson: boolean }[];
  unwritten?: readonly { key: string; ofPerson: boolean }[];
}

const heldBy = (wire: object, own: object, person: object = {}, left: readonly string[] = []): HeldFields => ({
  held: [...Object.keys(own).map((key) => ({ key, ofPerson: false })), ...Object.keys(person).map((key) => ({ key, ofPerson: true }))].filter(
    ({ key }) => Object.hasOwn(wire, key) && !left.includes(key),
  ),
});

const NONE: Readonly<Record<string, unknown>> = Object.freeze({});

/** A contact's: its own fields and its person's that the spec's Contact has, but the full shape's. */
const HELD_ON_CONTACT = heldBy(schemas.Contact.shape, contactKind.shape, PERSON_ON_CONTACT, FULL_FIELDS);
/** What the company list and update add to the company (`companyListItemWire`). */
const LIST_ITEM_FIELDS = ['account_id', 'contact_count'] as const;
/** A company's: its own fields that the spec's Company has, but the list item's. */
const HELD_ON_COMPANY = heldBy(schemas.Company.shape, companyKind.shape, {}, LIST_ITEM_FIELDS);

/**
 * The held fields the mapper did not write (`written`), as the record holds them: so a field the spec gains, held by
 * the record or its person, is on the wire with no edit here.
 */
function heldFields(fields: HeldFields, record: object, person: object | null, ...written: object[]): Readonly<Record<string, unknown>> {
  fields.unwritten ??= fields.held.filter(({ key }) => !written.some((part) => Object.hasOwn(part, key)));
  if (fields.unwritten.length === 0) return NONE;
  const held: Record<string, unknown> = {};
  for (const { key, ofPerson } of fields.unwritten) {
    const value = ((ofPerson ? person : record) as Record<string, unknown>)[key];
    held[key] = value !== null && typeof value === 'object' ? structuredClone(value) : value;
  }
  return held;
}

/** The fields only the full shape has (`FULL_FIELDS`), appended to the list shape. */
function contactFullFields(contact: ContactRecord): Pick<ContactWithEnrichment, (typeof FULL_FIELDS)[number]> {
  return {
    notes_json: contact.notes_json,
    contact_enrichment: {
      work_email: { ...contact.enrichment.work_email },
      phone: { ...contact.enrichment.phone },
    },
    sequence: contact.sequence ? { ...contact.sequence, steps: contact.sequence.steps.map((step) => ({ ...step })) } : null,
  };
}

/** A view; the create response adds its selected contacts and filter rules. */
export function viewWire(store: Store, view: ViewRecord, withRules: true): CreatedView;
export function viewWire(store: Store, view: ViewRecord, withRules: false): View;
export function viewWire(store: Store, view: ViewRecord, withRules: boolean): View {
  const wire: View = {
    id: view.id,
    public_id: view.public_id,
    type: view.type,
    view_kind: view.view_kind,
    name: view.name,
    description: view.description,
    account: accountWire(store.directory.account(view.account_id) as AccountRecord),
    app_url: `${APP_ORIGIN}/views/${view.public_id}`,
    created_at: view.created_at,
    updated_at: view.updated_at,
  };
  if (withRules) {
    wire.selected_contact_ids = [...view.selected_contact_ids];
    wire.simple_filters_json = view.simple_filters_json;
  }
  return wire;
}

// Enrichment

const providerRef = (provider_participant_id: string) => ({ provider: PROVIDER, provider_participant_id });

const enrichmentLocation = (location: LocationRecord, isHeadquarter: boolean, source: string) => ({
  ...locationWire(location, isHeadquarter),
  source,
  sort_order: 0,
  line1: null,
  line2: null,
  postal_code: null,
  description: null,
  metadata_json: null,
});

const NO_COMPANY_FIELDS = { headcount: null, employee_count: null, website_url: null, follower_count: null, about: null };

export function personEnrichmentWire(store: Store, person: NetworkPersonRecord): EnrichmentBlock {
  const details = store.network.personDetails(person);
  const participant: EnrichmentParticipant = {
    provider: PROVIDER,
    provider_participant_id: person.provider_participant_id,
    kind: 'member',
    public_identifier: person.public_identifier,
    profile_url: personUrl(person.public_identifier),
    first_name: person.first_name,
    last_name: person.last_name,
    full_name: `${person.first_name} ${person.last_name}`,
    headline: person.headline,
    avatar_url: person.avatar_url,
    background_cover_url: person.background_cover_url,
    primary_company: providerRef(person.company.provider_participant_id),
    primary_company_name: person.company.name,
    primary_role_title: person.primary_role_title,
    profile_fetched_at: person.profile_fetched_at,
    updated_at: person.updated_at,
    ...NO_COMPANY_FIELDS,
  };
  return {
    participant,
    languages: details.languages.map((language) => ({ language, metadata_json: null })),
    experiences: details.experiences.map((experience) => ({
      company: experience.company ? providerRef(experience.company.provider_participant_id) : null,
      ...positionFields(experience),
      is_current: experience.is_current,
      metadata_json: null,
    })),
    educations: details.educations.map((education) => ({
      school: education.school ? providerRef(education.school.provider_participant_id) : null,
      ...schoolFields(education),
      metadata_json: null,
    })),
    locations: [enrichmentLocation(person.location, false, 'profile')],
    industries: [],
  };
}

export function companyEnrichmentWire(company: NetworkCompanyRecord): EnrichmentBlock {
  return {
    participant: {
      provider: PROVIDER,
      provider_participant_id: company.provider_participant_id,
      kind: 'company',
      public_identifier: company.public_identifier,
      profile_url: companyUrl(company.public_identifier),
      first_name: null,
      last_name: null,
      full_name: company.name,
      headline: company.headline,
      avatar_url: company.avatar_url,
      background_cover_url: company.background_cover_url,
      primary_company: null,
      primary_company_name: null,
      primary_role_title: null,
      profile_fetched_at: company.profile_fetched_at,
      updated_at: company.updated_at,
      headcount: company.headcount,
      employee_count: company.employee_count,
      website_url: company.website_url,
      follower_count: company.follower_count,
      about: company.about,
    },
    languages: [],
    experiences: [],
    educations: [],
    locations: [enrichmentLocation(company.location, true, 'company_page')],
    industries: [{ ...company.industry, sort_order: 0, metadata_json: null }],
  };
}
