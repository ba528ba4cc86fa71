import { schemas } from '@network-org/spec/zod';
import { z } from 'zod';
import { MAX_TAGS } from '../../store/changes';
import { HEADCOUNT_RANGES } from '../../store/index';

/*
 * What each `mock.seed.{kind}` (and `POST /__mock/seed/{kind}`) takes, written once: the schema checks the input
 * at run time and its `z.input` is the TypeScript type. Every object is closed, so a misspelt field is a compile
 * error in TypeScript and a 400 over HTTP; custom field values go under `custom_fields` (contract §3.3).
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

export const contactInput = z.strictObject({
  account_id: z.string(),
  // null, which the Contact type allows for these, means "generate it" as leaving the field out does.
  first_name: z.string().min(1).nullable().optional(),
  last_name: z.string().min(1).nullable().optional(),
  headline: z.string().nullable().optional(),
  primary_role_title: z.string().nullable().optional(),
  primary_company_name: z.string().min(1).nullable().optional(),
  public_identifier: handle.optional(),
  relationship_status: z.enum(['connected', 'not_connected', 'unknown']).optional(),
  tags: tags.optional(),
  notes_json: notes.optional(),
  work_email: z.email().nullable().optional(),
  phone: z.string().nullable().optional(),
  follower_count: z.number().int().min(0).nullable().optional(),
  connections_count: z.number().int().min(0).nullable().optional(),
  last_interaction_at: instant.nullable().optional(),
  connection_invitation: z
    .strictObject({ status: z.literal('pending').optional(), direction: z.enum(['incoming', 'outgoing']).optional(), received_at: instant.optional() })
    .nullable()
    .optional(),
  custom_fields: customFields.optional(),
});

export const companyInput = z.strictObject({
  account_id: z.string(),
  name: z.string().min(1).optional(),
  public_identifier: handle.optional(),
  headline: z.string().optional(),
  about: z.string().optional(),
  website_url: z.url().optional(),
  headcount: headcount.optional(),
  employee_count: z.number().int().min(1).optional(),
  tags: tags.optional(),
  notes_json: notes.optional(),
  custom_fields: customFields.optional(),
});

export const viewInput = z.strictObject({
  account_id: z.string(),
  name: z.string().min(1),
  description: z.string().nullable().optional(),
  /** The view selects these contacts (contact ids of the account)... */
  contact_ids: z.array(z.string()).max(10_000).optional(),
  /** ...or the account's contacts with this tag. */
  tag: z.string().min(1).optional(),
});

const messageFields = {
  text: z.string().optional(),
  direction: z.enum(['sent', 'received']).optional(),
  sent_at: instant.optional(),
};
export const messageInput = z.strictObject({ conversation_id: z.string(), ...messageFields });

export const conversationInput = z.strictObject({
  account_id: z.string(),
  contact_ids: z.array(z.string()).min(1).max(100),
  channel: z.enum(['network_message', 'network_inmail']).optional(),
  messages: z.array(z.strictObject(messageFields)).max(1_000).optional(),
});

export const activityEventInput = z.strictObject({
  account_id: z.string(),
  event_type: schemas.ActivityEventType.optional(),
  occurred_at: instant.optional(),
  recorded_at: instant.optional(),
  source: z.string().min(1).optional(),
  channel: z.string().min(1).optional(),
  subject_key: z.string().min(1).optional(),
  metadata: z.record(z.string(), z.string()).optional(),
});

export const networkProfileInput = z.strictObject({
  /** The profile's handle: `https://www.network.com/in/HANDLE` (or `/company/HANDLE`). */
  handle,
  kind: z.enum(['member', 'company']),
  first_name: z.string().min(1).optional(),
  last_name: z.string().min(1).optional(),
  headline: z.string().optional(),
  primary_role_title: z.string().optional(),
  /** A person's current company: the handle of a network company. */
  company: handle.optional(),
  /** A company's name. */
  name: z.string().min(1).optional(),
  headcount: headcount.optional(),
  employee_count: z.number().int().min(1).optional(),
  website_url: z.url().optional(),
  about: z.string().optional(),
});

export const customFieldInput = z.strictObject({
  target: z.enum(['contact', 'company']),
  name: z.string().trim().min(1).max(100),
  type: z.enum(['string', 'number', 'boolean']),
  /** Default: the organization of the admin fixture key (Acme). */
  organization_id: z.number().int().optional(),
});

/** A contact to seed: its account, any Contact fields, and `custom_fields` by registered name. */
export type SeedContactInput = z.input<typeof contactInput>;
/** A company to seed: its account, any Company fields, and `custom_fields` by registered name. */
export type SeedCompanyInput = z.input<typeof companyInput>;
export type SeedViewInput = z.input<typeof viewInput>;
export type SeedMessageInput = z.input<typeof messageInput>;
export type SeedConversationInput = z.input<typeof conversationInput>;
export type SeedActivityEventInput = z.input<typeof activityEventInput>;
export type SeedNetworkProfileInput = z.input<typeof networkProfileInput>;
export type SeedCustomFieldInput = z.input<typeof customFieldInput>;
