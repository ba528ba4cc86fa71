// The records of a state file made from what the API answers, scrubbed on the way: what each field of an answer
// becomes in a snapshot (docs/design.md lists the fields kept and why).
import type { ActivityEvent, Company, Contact, Conversation, Message, Organization, View } from '@network-org/sdk';
import { schemas } from '@network-org/spec/zod';
import { HEADCOUNT_RANGES } from '../store/network-generator';
import { ID_STARTS } from '../store/ids';
import type { FakeCompany, FakePerson, Scrubber } from './scrub';

/** The fixture organization the snapshot's organization is served as. */
export const ORGANIZATION_ID = ID_STARTS['organization'] as number;

const NOT_ENRICHED = {
  work_email: { status: 'not_requested', error_code: null },
  phone: { status: 'not_requested', error_code: null },
} as const;

/**
 * The keys of a contact and a company the spec names (and a contact's `created_at`, which the snapshot reads when the
 * service sends it): any other key holds a custom field value. A field the spec gains is never read as one; the
 * snapshot leaves it out (no scrubbing rule covers it), so the state gives it null.
 */
export const CONTACT_FIELDS: ReadonlySet<string> = new Set([...Object.keys(schemas.Contact.shape), 'created_at']);
export const COMPANY_FIELDS: ReadonlySet<string> = new Set(Object.keys(schemas.Company.shape));

/** Activity metadata keys that hold ids or enums; any other string in it is scrubbed as text. */
const ACTIVITY_METADATA_IDS: ReadonlySet<string> = new Set(['provider_message_id', 'provider_chat_id', 'message_source']);

const companyIdentity = (company: Company) => company.public_identifier ?? company.provider_participant_id;

/** The fakes of a company, and of a contact's person, every record of them is written with. */
export const fakeCompanyOf = (scrubber: Scrubber, company: Company): FakeCompany => scrubber.company(companyIdentity(company), company.name);
export const fakePersonOf = (scrubber: Scrubber, contact: Contact): FakePerson =>
  scrubber.person(contact.public_identifier, contact.first_name ?? '', contact.last_name ?? '');

export function organizationRecord(scrubber: Scrubber, organization: Organization) {
  return {
    id: ORGANIZATION_ID,
    name: scrubber.kept('name') ? organization.name : scrubber.company(`organization\0${organization.name}`, organization.name).name,
    created_at: organization.created_at,
    api_access_enabled: true,
    plan_includes_api: true,
    credits: 1000,
  };
}

export function accountRecord(scrubber: Scrubber, account: { account_id: string; display_name: string; provider_account_id: string; owner_user_id: string }) {
  return {
    account_id: account.account_id,
    display_name: scrubber.name('display_name', account.display_name),
    provider_account_id: account.provider_account_id,
    owner_user_id: account.owner_user_id,
    organization_id: ORGANIZATION_ID,
    shared_for_api: true,
  };
}

function industryOf(company: Company) {
  const industry = company.industries?.[0];
  return {
    name: industry?.name ?? '',
    title: industry?.title ?? '',
    industry_urn: industry?.industry_urn ?? '',
    provider_industry_id: industry?.provider_industry_id ?? '',
    hierarchy: industry?.hierarchy ?? '',
  };
}

/** An employee count coarsened, and kept within the company's headcount range when the range is known. */
function employeeCount(scrubber: Scrubber, company: Company, identity: string): number {
  const count = scrubber.count('employee_count', company.employee_count ?? 0, identity) ?? 0;
  const range = HEADCOUNT_RANGES.find((candidate) => candidate.label === company.headcount);
  return range ? Math.min(range.max, Math.max(range.min, count)) : count;
}

export function networkCompanyRecord(scrubber: Scrubber, company: Company, fake: FakeCompany, takenAt: string) {
  const identity = companyIdentity(company);
  return {
    provider_participant_id: company.provider_participant_id,
    public_identifier: fake.handle,
    name: fake.name,
    headline: scrubber.headline('headline', company.headline ?? '', { companyName: [company.name, fake.name] }) ?? '',
    about: scrubber.text('about', company.about ?? '') ?? '',
    website_url: company.website_url && !scrubber.kept('website_url') ? `https://${fake.domain}` : (company.website_url ?? ''),
    headcount: company.headcount ?? '',
    employee_count: employeeCount(scrubber, company, identity),
    founding_date: scrubber.foundingYear('founding_date', company.founding_date ?? '', identity, Number(takenAt.slice(0, 4))) ?? '',
    follower_count: scrubber.count('follower_count', company.follower_count ?? 0, `company\0${identity}`) ?? 0,
    industry: industryOf(company),
    location: scrubber.place(company.locations?.[0]),
    avatar_url: scrubber.mediaUrl('avatar_url', company.avatar_url ?? '', 'company') ?? '',
    background_cover_url: scrubber.mediaUrl('background_cover_url', company.background_cover_url ?? '', 'company') ?? '',
    profile_fetched_at: takenAt,
    updated_at: takenAt,
  };
}

export function personRecord(scrubber: Scrubber, contact: Contact, fake: FakePerson, company: FakeCompany, takenAt: string) {
  const roleTitle = scrubber.roleTitle('primary_role_title', contact.primary_role_title ?? '') ?? '';
  const companyName = contact.company?.name ?? '';
  return {
    provider_participant_id: contact.provider_participant_id,
    public_identifier: fake.handle,
    first_name: fake.first,
    last_name: fake.last,
    headline:
      scrubber.headline('headline', contact.headline ?? '', {
        roleTitle: [contact.primary_role_title ?? '', roleTitle],
        companyName: [companyName, company.name],
      }) ?? '',
    primary_role_title: roleTitle,
    company: company.handle,
    location: scrubber.place(contact.locations?.[0]),
    follower_count: scrubber.count('follower_count', contact.follower_count ?? 0, contact.public_identifier) ?? 0,
    connections_count: scrubber.count('connections_count', contact.connections_count ?? 0, contact.public_identifier, 500) ?? 0,
    avatar_url: scrubber.mediaUrl('avatar_url', contact.avatar_url ?? '', 'person') ?? '',
    background_cover_url: scrubber.mediaUrl('background_cover_url', contact.background_cover_url ?? '', 'person') ?? '',
    // Work history, education and about are derived by the mock from this seed: never the source's.
    details_seed: scrubber.seedOf(fake.handle),
    profile_fetched_at: takenAt,
    updated_at: takenAt,
  };
}

export function notesRecord(scrubber: Scrubber, notes: string | null): string | null {
  if (notes === null || scrubber.kept('notes_json')) return notes;
  let parsed: unknown;
  try {
    parsed = JSON.parse(notes);
  } catch {
    return scrubber.text('notes_json', notes);
  }
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}T/.test(value) ? value : scrubber.freeValue('notes_json', value);
    if (Array.isArray(value)) return value.map(walk);
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item)]));
    return value;
  };
  return JSON.stringify(walk(parsed));
}

export type CustomFieldType = 'string' | 'number' | 'boolean';

/** The custom field values of a record (its keys the spec does not name), text values scrubbed; `seen` learns their types. */
export function customValues(scrubber: Scrubber, target: 'contact' | 'company', record: object, seen: Map<string, CustomFieldType>) {
  const known = target === 'contact' ? CONTACT_FIELDS : COMPANY_FIELDS;
  const values: [string, string | number | boolean][] = [];
  for (const [name, value] of Object.entries(record)) {
    if (known.has(name) || value === null || !['string', 'number', 'boolean'].includes(typeof value)) continue;
    const type = typeof value as CustomFieldType;
    seen.set(`${target}\0${name}`, seen.get(`${target}\0${name}`) ?? type);
    values.push([name, type === 'string' ? scrubber.freeValue(name, value as string) : (value as number | boolean)]);
  }
  return values;
}

export function companyRecord(scrubber: Scrubber, company: Company, fake: FakeCompany, accountId: string, position: number, seen: Map<string, CustomFieldType>) {
  return {
    company_id: company.company_id,
    notes_json: notesRecord(scrubber, company.notes_json ?? null),
    tags: company.tags ?? [],
    account_id: accountId,
    organization_id: ORGANIZATION_ID,
    position,
    network: fake.handle,
    custom_fields: customValues(scrubber, 'company', company, seen),
  };
}

interface ContactContext {
  person: FakePerson;
  company: FakeCompany;
  accountId: string;
  position: number;
  takenAt: string;
  seen: Map<string, CustomFieldType>;
}

export function contactRecord(scrubber: Scrubber, contact: Contact, { person, company, accountId, position, takenAt, seen }: ContactContext) {
  return {
    account_relationship_id: contact.account_relationship_id,
    contact_id: contact.contact_id,
    work_email: scrubber.email('work_email', contact.work_email ?? null, person, company),
    phone: scrubber.phone('phone', contact.phone ?? null),
    relationship_status: contact.relationship_status,
    connection_invitation: contact.connection_invitation ?? null,
    tags: contact.tags ?? [],
    notes_json: notesRecord(scrubber, contact.notes_json ?? null),
    last_interaction_at: contact.last_interaction_at ?? null,
    sequence: null,
    organization_id: ORGANIZATION_ID,
    account_id: accountId,
    position,
    person: person.handle,
    company_id: (contact.company as Company).company_id,
    custom_fields: customValues(scrubber, 'contact', contact, seen),
    enrichment: contact.contact_enrichment ?? NOT_ENRICHED,
    created_at: contact.created_at ?? takenAt,
  };
}

export function viewRecord(scrubber: Scrubber, view: View, accountId: string, selected: string[]) {
  return {
    id: view.id,
    public_id: view.public_id,
    type: view.type,
    view_kind: view.view_kind,
    name: scrubber.text('view_name', view.name) ?? view.name,
    description: scrubber.text('view_description', view.description ?? null),
    selected_contact_ids: selected,
    simple_filters_json: JSON.stringify({ specific_contacts: { contact_ids: selected } }),
    created_at: view.created_at,
    updated_at: view.updated_at,
    organization_id: ORGANIZATION_ID,
    account_id: accountId,
    origin: 'app',
    rules: { contact_ids: selected },
  };
}

export function conversationRecord(scrubber: Scrubber, conversation: Conversation, accountId: string, messages: Message[], position: number) {
  const first = messages[0];
  return {
    conversation_id: conversation.conversation_id,
    provider_chat_id: conversation.provider_chat_id,
    organization_id: ORGANIZATION_ID,
    account_id: accountId,
    position,
    // The wire does not show a conversation's channel.
    channel: 'network_message',
    participant_contact_ids: conversation.participants.flatMap((participant) => (participant.contact_id ? [participant.contact_id] : [])),
    created_at: first?.sent_at ?? conversation.last_message_at,
    last_message_at: conversation.last_message_at,
    messages: messages.map((message) => ({
      ...message,
      text: scrubber.text('text', message.text ?? null),
      attachments: message.attachments.map((attachment) => ({
        ...attachment,
        title: scrubber.text('title', attachment.title ?? null),
        file_name: scrubber.fileName('file_name', attachment.file_name ?? null),
        url: scrubber.mediaUrl('url', attachment.url ?? null, 'attachment'),
        thumbnail_url: scrubber.mediaUrl('thumbnail_url', attachment.thumbnail_url ?? null, 'attachment'),
        subtitle: scrubber.text('subtitle', attachment.subtitle ?? null),
        description: scrubber.text('description', attachment.description ?? null),
      })),
    })),
  };
}

export function activityRecord(scrubber: Scrubber, event: ActivityEvent) {
  const metadata = Object.fromEntries(
    Object.entries(event.metadata ?? {}).map(([key, value]) => [key, typeof value === 'string' && !ACTIVITY_METADATA_IDS.has(key) ? scrubber.freeValue(key, value) : value]),
  );
  return { ...event, metadata, organization_id: ORGANIZATION_ID };
}

