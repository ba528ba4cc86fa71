import { schemas } from '@network-org/spec/zod';
import { z } from 'zod';
import { MAX_TAGS } from '../../store/changes';
import { HEADCOUNT_RANGES } from '../../store/index';
import {
  activityEventKind,
  companyKind,
  contactKind,
  conversationKind,
  customFieldKind,
  messageKind,
  networkCompanyKind,
  PERSON_ON_CONTACT,
  personKind,
  viewKind,
} from '../../store/kinds';

/*
 * What each `mock.seed.{kind}` (and `POST /__mock/seed/{kind}`) takes, derived from the record kinds (store/kinds.ts):
 * a record's own fields are settable unless the store derives or takes them, so a field a record gains is settable at
 * once; the checks an insert adds (non-empty names, handles, instants, JSON notes) refine some. The schema checks the
 * input at run time and its `z.input` is the TypeScript type. Every object is closed, so a misspelt field is a
 * compile error in TypeScript and a 400 over HTTP; custom field values go under `custom_fields`.
 */

const HANDLE = /^[a-z0-9][a-z0-9_.-]{0,99}$/;
const instant = z.iso.datetime({ offset: true });
const handle = z.string().regex(HANDLE, 'must be a profile handle: lowercase letters, digits, ".", "_" or "-", starting with a letter or digit');
const notes = z
  .string()
  .nullable()
  .refine((value) => {
    if (value === null) return true;
    try {
      JSON.parse(value);
      return true;
    } catch {
      return false;
    }
  }, 'must be JSON text or null');
const tags = z.array(schemas.Tag).max(MAX_TAGS);
const headcount = z.enum(HEADCOUNT_RANGES.map((range) => range.label) as [string, ...string[]]);
/** Values by registered custom field name; null leaves the field without a value. */
const customFields = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

/** A contact's own fields an input may set: all of its kind's but the ids, references and what the store derives. */
export const contactOwnFields = contactKind
  .omit({
    contact_id: true,
    account_relationship_id: true,
    organization_id: true,
    account_id: true,
    position: true,
    person: true,
    company_id: true,
    custom_fields: true,
    enrichment: true,
    sequence: true,
    created_at: true,
  })
  .partial();

/** A person's fields that are the network's own: generated, never in a contact's input (its handle is `public_identifier`). */
const PERSON_GENERATED = { provider_participant_id: true, public_identifier: true, company: true, avatar_url: true, background_cover_url: true } as const;

/**
 * A person's fields a contact's input may set: every person field a Contact shows but the generated ones, so a field
 * `personKind` gains is settable at once. Null, which the Contact type allows for these, means "generate it".
 */
export const personInputFields = personKind
  .pick(PERSON_ON_CONTACT)
  .omit(PERSON_GENERATED)
  .extend({
    first_name: z.string().min(1),
    last_name: z.string().min(1),
    follower_count: z.number().int().min(0),
    connections_count: z.number().int().min(0),
  })
  .partial();
const personFields = personInputFields.shape;
const generatedWhenNull = Object.fromEntries(Object.entries(personFields).map(([key, field]) => [key, field.unwrap().nullable().optional()])) as {
  [K in keyof typeof personFields]: z.ZodOptional<z.ZodNullable<ReturnType<(typeof personFields)[K]['unwrap']>>>;
};

export const contactInput = contactOwnFields.extend({
  account_id: z.string(),
  ...generatedWhenNull,
  primary_company_name: z.string().min(1).nullable().optional(),
  public_identifier: handle.optional(),
  tags: tags.optional(),
  notes_json: notes.optional(),
  work_email: z.email().nullable().optional(),
  last_interaction_at: instant.nullable().optional(),
  connection_invitation: z
    .strictObject({ status: z.literal('pending').optional(), direction: z.enum(['incoming', 'outgoing']).optional(), received_at: instant.optional() })
    .nullable()
    .optional(),
  custom_fields: customFields.optional(),
});

/** A network company's fields an input may set (the rest is generated). */
const networkCompanyFields = networkCompanyKind
  .pick({ name: true, public_identifier: true, headline: true, about: true, website_url: true, headcount: true, employee_count: true })
  .extend({ name: z.string().min(1), public_identifier: handle, website_url: z.url(), headcount, employee_count: z.number().int().min(1) })
  .partial().shape;

/** A company record's own fields an input may set: all of its kind's but the ids, references and custom fields. */
export const companyOwnFields = companyKind
  .omit({ company_id: true, organization_id: true, account_id: true, position: true, network: true, custom_fields: true })
  .partial();

export const companyInput = companyOwnFields.extend({
  account_id: z.string(),
  ...networkCompanyFields,
  tags: tags.optional(),
  notes_json: notes.optional(),
  custom_fields: customFields.optional(),
});

export const viewInput = viewKind.pick({ name: true, description: true }).extend({
  account_id: z.string(),
  name: z.string().min(1),
  description: z.string().nullable().optional(),
  /** The view selects these contacts (contact ids of the account)... */
  contact_ids: z.array(z.string()).max(10_000).optional(),
  /** ...or the account's contacts with this tag. */
  tag: z.string().min(1).optional(),
});

const messageFields = messageKind.pick({ text: true, direction: true, sent_at: true }).extend({ text: z.string() }).partial().shape;
export const messageInput = z.strictObject({ conversation_id: z.string(), ...messageFields });

export const conversationInput = conversationKind
  .pick({ channel: true })
  .partial()
  .extend({
    account_id: z.string(),
    contact_ids: z.array(z.string()).min(1).max(100),
    messages: z.array(z.strictObject(messageFields)).max(1_000).optional(),
  });

export const activityEventInput = activityEventKind
  .pick({ event_type: true, occurred_at: true, recorded_at: true, source: true, channel: true, subject_key: true, metadata: true })
  .extend({ source: z.string().min(1), channel: z.string().min(1), subject_key: z.string().min(1) })
  .partial()
  .extend({ account_id: z.string() });

export const networkProfileInput = z.strictObject({
  /** The profile's handle: `https://www.network.com/in/HANDLE` (or `/company/HANDLE`). */
  handle,
  kind: z.enum(['member', 'company']),
  ...personKind.pick({ first_name: true, last_name: true, headline: true, primary_role_title: true }).extend({ first_name: z.string().min(1), last_name: z.string().min(1) }).partial().shape,
  /** A person's current company: the handle of a network company. */
  company: handle.optional(),
  /** A company's name. */
  name: z.string().min(1).optional(),
  headcount: networkCompanyFields.headcount,
  employee_count: networkCompanyFields.employee_count,
  website_url: networkCompanyFields.website_url,
  about: networkCompanyFields.about,
});

export const customFieldInput = customFieldKind.pick({ target: true, type: true }).extend({
  name: z.string().trim().min(1).max(100),
  /** Default: the organization of the admin fixture key (Acme). */
  organization_id: z.number().int().optional(),
});

/** A contact to insert: its account, any Contact fields, and `custom_fields` by registered name. */
export type SeedContactInput = z.input<typeof contactInput>;
/** A company to insert: its account, any Company fields, and `custom_fields` by registered name. */
export type SeedCompanyInput = z.input<typeof companyInput>;
export type SeedViewInput = z.input<typeof viewInput>;
export type SeedMessageInput = z.input<typeof messageInput>;
export type SeedConversationInput = z.input<typeof conversationInput>;
export type SeedActivityEventInput = z.input<typeof activityEventInput>;
export type SeedNetworkProfileInput = z.input<typeof networkProfileInput>;
export type SeedCustomFieldInput = z.input<typeof customFieldInput>;
