import { schemas } from '@network-org/spec/zod';
import { z } from 'zod';

/*
 * Every kind of record the store holds, described once. Where a record is one of the spec's wire types, its schema is
 * the generated one, closed: every key required (a nullable one stays nullable) and no other key accepted, at every
 * level; the wire fields it shows from other records are left out and the store's own fields added. So a field the
 * spec gains is a field of the record at once, and the builder that makes the record (builders.ts) must fill it.
 *
 * The record types (types.ts), the state file's form (state-file.ts), the inputs of `mock.seed`
 * (control/insert/inputs.ts) and the contact's wire shape (wire/shapes.ts) derive from these schemas: they describe a
 * record as a state file writes it, JSON values only; a field that holds another record names it by handle there
 * (`references` in RECORD_KINDS), and custom field values are pairs. A nullable field that a record's builder leaves
 * out is drawn (drawn-fields.ts).
 */

/** An output type with its index signature gone and every key required, at every level. */
type Closed<T> = T extends undefined
  ? never
  : T extends readonly (infer E)[]
    ? Closed<E>[]
    : T extends object
      ? { [K in keyof T as string extends K ? never : K]-?: Closed<T[K]> }
      : T;

type ClosedShape<Shape extends z.core.$ZodShape> = { -readonly [K in keyof Shape]: z.ZodType<Closed<z.output<Shape[K]>>> };

function closeSchema(schema: z.core.$ZodType): z.ZodType {
  if (schema instanceof z.ZodOptional) return closeSchema(schema.unwrap());
  if (schema instanceof z.ZodNullable) return closeSchema(schema.unwrap()).nullable();
  if (schema instanceof z.ZodArray) return z.array(closeSchema(schema.element));
  if (schema instanceof z.ZodObject) return closed(schema);
  if (schema instanceof z.ZodType) return schema;
  throw new TypeError('closeSchema: not a zod schema');
}

/** The spec's object schema, closed (see above). */
function closed<Shape extends z.core.$ZodShape>(schema: z.ZodObject<Shape, z.core.$ZodObjectConfig>): z.ZodObject<ClosedShape<Shape>, z.core.$strict> {
  const shape = Object.fromEntries(Object.entries(schema.shape).map(([key, field]) => [key, closeSchema(field)]));
  // Rebuilt field by field, which TypeScript cannot follow: ClosedShape is what closeSchema makes of each field.
  return z.strictObject(shape) as unknown as z.ZodObject<ClosedShape<Shape>, z.core.$strict>;
}

type FilledShape<Shape extends z.core.$ZodShape> = { -readonly [K in keyof Shape]: z.ZodType<NonNullable<z.output<Shape[K]>>> };

/** A closed schema whose nullable fields are not: for the parts of network records, whose builder fills every field. */
function filled<Shape extends z.core.$ZodShape>(schema: z.ZodObject<Shape, z.core.$strict>): z.ZodObject<FilledShape<Shape>, z.core.$strict> {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [key, field instanceof z.ZodNullable ? (field.unwrap() as z.ZodType) : field]),
  );
  // Rebuilt field by field, which TypeScript cannot follow: FilledShape is each field with its null taken out.
  return z.strictObject(shape) as unknown as z.ZodObject<FilledShape<Shape>, z.core.$strict>;
}

const int = z.number().int();
const text = z.string();
/** A field naming another record, by that record's handle (`public_identifier`) in a state file. */
const handle = z.string();
/** Custom field values by registered name: a Map in the store (any name is a plain key), pairs in a state file. */
const customFieldValues = z.codec(z.array(z.tuple([z.string(), schemas.CustomFieldValue])), z.map(z.string(), schemas.CustomFieldValue), {
  decode: (pairs) => new Map(pairs),
  encode: (values) => [...values],
});

export const tagKind = closed(schemas.Tag);
/** A place of a network person or company: the spec's Location without the two flags its wire shapes set. */
export const locationKind = filled(closed(schemas.Location).omit({ is_primary: true, is_headquarter: true }));
export const industryKind = filled(closed(schemas.Industry));
export const enrichmentStateKind = closed(schemas.EnrichmentResult);
export const connectionInvitationKind = closed(schemas.ConnectionInvitation);
export const sequenceKind = closed(schemas.Sequence);

export const organizationKind = closed(schemas.Organization).extend({
  api_access_enabled: z.boolean(),
  plan_includes_api: z.boolean(),
  credits: z.number(),
});

export const userKind = z.strictObject({ id: text, organization_id: int, name: text, email: text, is_admin: z.boolean(), active: z.boolean() });

export const apiKeyKind = z.strictObject({ key: text, user_id: text, retired: z.boolean() });

export const accountKind = closed(schemas.AccountSummary).extend({
  organization_id: int,
  /** Whether the owner shared the account for API use by other members of the organization. */
  shared_for_api: z.boolean(),
});

export const customFieldKind = z.strictObject({
  organization_id: int,
  target: z.enum(['contact', 'company']),
  name: text,
  type: z.enum(['string', 'number', 'boolean']),
});

/** A company of the professional network, whether or not any organization tracks it. */
export const networkCompanyKind = z.strictObject({
  provider_participant_id: text,
  public_identifier: text,
  name: text,
  headline: text,
  about: text,
  website_url: text,
  headcount: text,
  employee_count: int,
  founding_date: text,
  follower_count: int,
  industry: industryKind,
  location: locationKind,
  avatar_url: text,
  background_cover_url: text,
  profile_fetched_at: text,
  updated_at: text,
});

/**
 * A person of the professional network. Kept small: experiences, educations, languages and about are derived on
 * demand from `details_seed` (see details.ts), so 100,000 contacts stay cheap. A field declared here that the spec's
 * Contact also has is the person's: every contact of the person shows it, and an inserted contact's input may give it.
 */
export const personKind = z.strictObject({
  provider_participant_id: text,
  public_identifier: text,
  first_name: text,
  last_name: text,
  headline: text,
  primary_role_title: text,
  /** The person's current company. */
  company: handle,
  location: locationKind,
  follower_count: int,
  connections_count: int,
  avatar_url: text,
  background_cover_url: text,
  details_seed: int,
  profile_fetched_at: text,
  updated_at: text,
});

/** What a Company shows from its network company, and the contact count the company list adds. */
export const COMPANY_FROM_ELSEWHERE = {
  provider_participant_id: true,
  name: true,
  public_identifier: true,
  headline: true,
  network_url: true,
  avatar_url: true,
  background_cover_url: true,
  headcount: true,
  employee_count: true,
  founding_date: true,
  website_url: true,
  follower_count: true,
  about: true,
  industries: true,
  locations: true,
  contact_count: true,
} as const;

/** An account's record of a network company: its tags, notes and custom field values. */
export const companyKind = closed(schemas.Company)
  .omit(COMPANY_FROM_ELSEWHERE)
  .extend({
    organization_id: int,
    account_id: text,
    /** Index in the account's companies, for life. */
    position: int.min(0),
    network: handle,
    custom_fields: customFieldValues,
  });

/** The person's fields a Contact shows under their own names: every field of `personKind` that the spec's Contact has. */
export const PERSON_ON_CONTACT = Object.fromEntries(
  Object.keys(personKind.shape)
    .filter((key) => Object.hasOwn(schemas.Contact.shape, key))
    .map((key) => [key, true]),
) as { readonly [K in Extract<keyof typeof personKind.shape, keyof typeof schemas.Contact.shape>]: true };

/**
 * What a Contact shows from its person (`PERSON_ON_CONTACT`), and what it computes from its account, company and
 * derived details, with its enrichment under its own name. Every other field of the spec's Contact is the
 * relationship's own: a field the spec gains is the contact record's, unless `personKind` declares it.
 */
export const CONTACT_FROM_ELSEWHERE = {
  ...PERSON_ON_CONTACT,
  account: true,
  name: true,
  primary_company_name: true,
  network_url: true,
  about: true,
  profile_action_label: true,
  profile_action_url: true,
  contact_enrichment: true,
  languages: true,
  experiences: true,
  educations: true,
  locations: true,
  company: true,
  app_url: true,
} as const;

/**
 * A contact: one person's relationship with one connected account. `contact_id` names the person in the organization
 * (the same in every account holding them), `account_relationship_id` this relationship.
 */
export const contactKind = closed(schemas.Contact)
  .omit(CONTACT_FROM_ELSEWHERE)
  .extend({
    organization_id: int,
    account_id: text,
    /** Index in the account's contacts, for life. */
    position: int.min(0),
    person: handle,
    /** The account's company record of the person's current company. */
    company_id: text,
    custom_fields: customFieldValues,
    /** The wire's `contact_enrichment`. */
    enrichment: closed(schemas.ContactEnrichment),
    created_at: text,
  });

export const viewKind = closed(schemas.View)
  .omit({ account: true, app_url: true })
  .extend({
    organization_id: int,
    account_id: text,
    origin: z.enum(['app', 'api']),
    /** The rules the view applies; both present means both must hold. */
    rules: z.strictObject({ contact_ids: z.array(text).optional(), tag: text.optional() }),
  });

export const attachmentKind = closed(schemas.Attachment);
export const messageKind = closed(schemas.Message);

export const conversationKind = z.strictObject({
  conversation_id: text,
  provider_chat_id: text,
  organization_id: int,
  account_id: text,
  /** Index in the account's conversations, for life. */
  position: int.min(0),
  channel: z.enum(['network_message', 'network_inmail']),
  /** Contacts of the conversation's account; the account's own profile is not among them. */
  participant_contact_ids: z.array(text),
  created_at: text,
  last_message_at: text,
  /** Oldest first. */
  messages: z.array(messageKind),
});

export const draftKind = closed(schemas.Draft).omit({ status: true, replaced_previous: true }).extend({ organization_id: int });

export const activityEventKind = closed(schemas.ActivityEvent).extend({
  metadata: z.record(z.string(), z.string()),
  organization_id: int,
});

/**
 * The kinds a state file holds, in the order a state is loaded: a record comes after the kinds it references. Each
 * names the fields that hold another record (by handle in a file) and the fields the store derives and a file leaves
 * out.
 */
export const RECORD_KINDS = {
  organizations: { schema: organizationKind, references: {}, derived: [] },
  customFields: { schema: customFieldKind, references: {}, derived: [] },
  /** Accounts beyond the dataset's (a snapshot's, on a dataset of organizations only). */
  accounts: { schema: accountKind, references: {}, derived: [] },
  networkCompanies: { schema: networkCompanyKind, references: {}, derived: [] },
  people: { schema: personKind, references: { company: 'networkCompanies' }, derived: [] },
  companies: { schema: companyKind, references: { network: 'networkCompanies' }, derived: [] },
  contacts: { schema: contactKind, references: { person: 'people' }, derived: ['search_texts'] },
  conversations: { schema: conversationKind, references: {}, derived: [] },
  views: { schema: viewKind, references: {}, derived: [] },
  drafts: { schema: draftKind, references: {}, derived: [] },
  activity: { schema: activityEventKind, references: {}, derived: [] },
} as const satisfies Record<string, { schema: z.ZodObject; references: Record<string, string>; derived: readonly string[] }>;

export type KindName = keyof typeof RECORD_KINDS;
