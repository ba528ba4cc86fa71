import type { ActivityEventType, EnrichmentStatus, Sequence, SequenceStep } from '@network-org/spec/openapi';

// Records of the in-memory service. Field names follow the wire where a field is shown on the wire;
// serialisation to the spec's shapes lives in the routes.

export interface OrganizationRecord {
  id: number;
  name: string;
  created_at: string;
  api_access_enabled: boolean;
  plan_includes_api: boolean;
  credits: number;
}

export interface UserRecord {
  id: string;
  organization_id: number;
  name: string;
  email: string;
  is_admin: boolean;
  active: boolean;
}

export interface ApiKeyRecord {
  key: string;
  user_id: string;
  retired: boolean;
}

export interface AccountRecord {
  account_id: string;
  organization_id: number;
  display_name: string;
  provider_account_id: string;
  owner_user_id: string;
  /** Whether the owner shared the account for API use by other members of the organization. */
  shared_for_api: boolean;
}

export type CustomFieldType = 'string' | 'number' | 'boolean';
export type CustomFieldValue = string | number | boolean;
export type CustomFieldTarget = 'contact' | 'company';

export interface CustomFieldRecord {
  organization_id: number;
  target: CustomFieldTarget;
  name: string;
  type: CustomFieldType;
}

export interface TagRecord {
  name: string;
  color: string;
}

export interface LocationRecord {
  network_text: string;
  display_text: string;
  country_code: string;
  region_code: string;
  country: string;
  country_full: string;
  state: string;
  city: string;
  geographic_area: string;
}

export interface IndustryRecord {
  name: string;
  title: string;
  industry_urn: string;
  provider_industry_id: string;
  hierarchy: string;
}

export interface ExperienceRecord {
  experience_id: string;
  is_current: boolean;
  company: NetworkCompanyRecord | null;
  company_name: string;
  title: string;
  employment_type: string;
  location: string;
  start_at: string;
  end_at: string | null;
  description: string | null;
}

export interface EducationRecord {
  education_id: string;
  school: NetworkCompanyRecord | null;
  school_name: string;
  degree: string;
  field_of_study: string;
  start_at: string;
  end_at: string;
  description: string | null;
}

/** A company of the professional network, whether or not any organization tracks it. */
export interface NetworkCompanyRecord {
  provider_participant_id: string;
  public_identifier: string;
  name: string;
  headline: string;
  about: string;
  website_url: string;
  headcount: string;
  employee_count: number;
  founding_date: string;
  follower_count: number;
  industry: IndustryRecord;
  location: LocationRecord;
  avatar_url: string;
  background_cover_url: string;
  profile_fetched_at: string;
  updated_at: string;
}

/**
 * A person of the professional network. Kept small: experiences, educations, languages and about are
 * derived on demand from `details_seed` (see details.ts), so 100,000 contacts stay cheap.
 */
export interface NetworkPersonRecord {
  provider_participant_id: string;
  public_identifier: string;
  first_name: string;
  last_name: string;
  headline: string;
  primary_role_title: string;
  company: NetworkCompanyRecord;
  location: LocationRecord;
  follower_count: number;
  connections_count: number;
  avatar_url: string;
  background_cover_url: string;
  details_seed: number;
  profile_fetched_at: string;
  updated_at: string;
}

export interface PersonDetails {
  about: string;
  languages: string[];
  experiences: ExperienceRecord[];
  educations: EducationRecord[];
}

export type RelationshipStatus = 'connected' | 'not_connected' | 'unknown';
export const RELATIONSHIP_STATUSES: readonly RelationshipStatus[] = ['connected', 'not_connected', 'unknown'];

export interface ConnectionInvitationRecord {
  status: 'pending';
  direction: 'incoming' | 'outgoing';
  invite_id: string;
  invite_state: string;
  invite_type: string;
  received_at: string;
}

export type { EnrichmentStatus };

export interface EnrichmentStateRecord {
  status: EnrichmentStatus;
  error_code: string | null;
}

export interface SequenceStepRecord {
  step_id: string;
  step_type: NonNullable<SequenceStep['step_type']>;
  trigger_type: string;
  position: number;
  message_mode: string;
  state: SequenceStep['state'];
  template_run_public_id: string;
  scheduled_for: string;
}

export interface SequenceRecord {
  sequence_id: string;
  status: Sequence['status'];
  stop_if_person_replies: boolean;
  steps: SequenceStepRecord[];
  reply_guard_after: string;
  next_step_id: string | null;
  next_step_scheduled_for: string | null;
}

/**
 * A contact: one person's relationship with one connected account. `contact_id` names the person in the
 * organization (the same in every account holding them), `account_relationship_id` this relationship.
 */
export interface ContactRecord {
  contact_id: string;
  account_relationship_id: string;
  organization_id: number;
  account_id: string;
  /** Index in the account's contacts, for life. */
  position: number;
  person: NetworkPersonRecord;
  /** The account's company record of the person's current company. */
  company_id: string;
  relationship_status: RelationshipStatus;
  connection_invitation: ConnectionInvitationRecord | null;
  tags: TagRecord[];
  notes_json: string | null;
  /** Keyed by the registered field name; a Map so names like `__proto__` are plain keys. */
  custom_fields: Map<string, CustomFieldValue>;
  work_email: string | null;
  phone: string | null;
  enrichment: { work_email: EnrichmentStateRecord; phone: EnrichmentStateRecord };
  sequence: SequenceRecord | null;
  last_interaction_at: string | null;
  created_at: string;
  /** Lowercase text the `search` filter matches; rebuilt whenever tags, notes or custom fields change. */
  search_text: string;
  /** Lowercase text the `query` filter matches (see `queryText`), computed with `search_text`. */
  query_text: string;
  /** Lowercase current and past company names, for the `company_name` filter. */
  company_names: string;
}

/** An account's record of a network company: its tags, notes and custom field values. */
export interface CompanyRecord {
  company_id: string;
  organization_id: number;
  account_id: string;
  /** Index in the account's companies, for life. */
  position: number;
  network: NetworkCompanyRecord;
  tags: TagRecord[];
  notes_json: string | null;
  custom_fields: Map<string, CustomFieldValue>;
}

/** The rules a view applies; both present means both must hold. */
export interface ViewRules {
  contact_ids?: string[];
  tag?: string;
}

export interface ViewRecord {
  id: string;
  public_id: string;
  organization_id: number;
  account_id: string;
  type: 'contact';
  view_kind: 'member';
  name: string;
  description: string | null;
  origin: 'app' | 'api';
  rules: ViewRules;
  selected_contact_ids: string[];
  simple_filters_json: string;
  created_at: string;
  updated_at: string;
}

export interface AttachmentRecord {
  attachment_id: string;
  kind: string;
  provider_attachment_id: string;
  title: string;
  subtitle: string | null;
  description: string | null;
  url: string;
  thumbnail_url: string | null;
  mime_type: string;
  file_name: string;
  sort_order: number;
  size_bytes: number;
  width: number | null;
  height: number | null;
  duration_ms: number | null;
}

export interface MessageRecord {
  message_id: string;
  provider_message_id: string;
  conversation_id: string;
  direction: 'sent' | 'received';
  sent_at: string;
  is_edited: boolean;
  is_deleted: boolean;
  text: string;
  sender_participant_id: string;
  attachments: AttachmentRecord[];
}

export interface ConversationRecord {
  conversation_id: string;
  provider_chat_id: string;
  organization_id: number;
  account_id: string;
  /** Index in the account's conversations, for life. */
  position: number;
  channel: 'network_message' | 'network_inmail';
  /** Contacts of the conversation's account; the account's own profile is not among them. */
  participant_contact_ids: string[];
  created_at: string;
  last_message_at: string;
  /** Oldest first. */
  messages: MessageRecord[];
}

export type DraftKind = 'message' | 'connection_request';

export interface DraftRecord {
  draft_id: string;
  organization_id: number;
  account_id: string;
  kind: DraftKind;
  contact_id: string | null;
  conversation_id: string | null;
  draft_message: string;
  created_at: string;
  updated_at: string;
}

export interface ActivityEventRecord {
  id: string;
  organization_id: number;
  occurred_at: string;
  recorded_at: string;
  event_type: ActivityEventType;
  source: string;
  channel: string;
  user_id: string;
  account_id: string;
  subject_key: string;
  attribution_method: string;
  metadata: Record<string, string>;
}
