import type { ActivityEventType, EnrichmentStatus } from '@network-org/spec/openapi';
import type { z } from 'zod';
import type {
  accountKind,
  activityEventKind,
  apiKeyKind,
  attachmentKind,
  companyKind,
  connectionInvitationKind,
  contactKind,
  conversationKind,
  customFieldKind,
  draftKind,
  enrichmentStateKind,
  industryKind,
  locationKind,
  messageKind,
  networkCompanyKind,
  organizationKind,
  personKind,
  sequenceKind,
  tagKind,
  userKind,
  viewKind,
} from './kinds';

// Records of the in-memory service: each type is its kind's schema (kinds.ts), with the records it references held
// as records. The wire shapes of the spec are made from them in wire/.

type Stored<K extends z.ZodType> = z.output<K>;

export type OrganizationRecord = Stored<typeof organizationKind>;
export type UserRecord = Stored<typeof userKind>;
export type ApiKeyRecord = Stored<typeof apiKeyKind>;
export type AccountRecord = Stored<typeof accountKind>;
export type CustomFieldRecord = Stored<typeof customFieldKind>;
export type CustomFieldType = CustomFieldRecord['type'];
export type CustomFieldValue = string | number | boolean;
export type CustomFieldTarget = CustomFieldRecord['target'];
export type TagRecord = Stored<typeof tagKind>;
export type LocationRecord = Stored<typeof locationKind>;
export type IndustryRecord = Stored<typeof industryKind>;

/** A company of the professional network, whether or not any organization tracks it. */
export type NetworkCompanyRecord = Stored<typeof networkCompanyKind>;

/** A person of the professional network (see `personKind`); `company` is their current company. */
export type NetworkPersonRecord = Omit<Stored<typeof personKind>, 'company'> & { company: NetworkCompanyRecord };

export interface ExperienceRecord {
  experience_id: string;
  is_current: boolean;
  company: NetworkCompanyRecord | null;
  company_name: string;
  title: string;
  employment_type: string;
  location: string | null;
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

/** What is derived from a person's `details_seed` on demand, never stored. */
export interface PersonDetails {
  about: string;
  languages: string[];
  experiences: ExperienceRecord[];
  educations: EducationRecord[];
}

export type RelationshipStatus = ContactRecord['relationship_status'];
export const RELATIONSHIP_STATUSES: readonly RelationshipStatus[] = ['connected', 'not_connected', 'unknown'];

export type ConnectionInvitationRecord = Stored<typeof connectionInvitationKind>;
export type { EnrichmentStatus };
export type EnrichmentStateRecord = Stored<typeof enrichmentStateKind>;
export type SequenceRecord = Stored<typeof sequenceKind>;
export type SequenceStepRecord = SequenceRecord['steps'][number];

/** The lowercase texts the contact filters read, derived from the record and its person; never written to a state file. */
export interface ContactSearchTexts {
  /** What the `search` filter matches; rebuilt whenever tags, notes or custom fields change. */
  search_text: string;
  /** What the `query` filter matches (see `queryText`), computed with `search_text`. */
  query_text: string;
  /** Current and past company names, for the `company_name` filter. */
  company_names: string;
}

/** A contact (see `contactKind`): `person` is the network person the relationship is with. */
export type ContactRecord = Omit<Stored<typeof contactKind>, 'person'> & {
  person: NetworkPersonRecord;
  /** Its search texts once a filter asked for them (`Contacts.texts`); undefined until then. */
  search_texts: ContactSearchTexts | undefined;
};

/** An account's record of a network company (see `companyKind`). */
export type CompanyRecord = Omit<Stored<typeof companyKind>, 'network'> & { network: NetworkCompanyRecord };

export type ViewRecord = Stored<typeof viewKind>;
export type ViewRules = ViewRecord['rules'];
export type AttachmentRecord = Stored<typeof attachmentKind>;
export type MessageRecord = Stored<typeof messageKind>;
export type ConversationRecord = Stored<typeof conversationKind>;
export type DraftRecord = Stored<typeof draftKind>;
export type DraftKind = DraftRecord['kind'];
export type ActivityEventRecord = Stored<typeof activityEventKind>;
export type { ActivityEventType };

/** The record type of each kind a state file holds (kinds.ts `RECORD_KINDS`). */
export interface RecordsByKind {
  organizations: OrganizationRecord;
  customFields: CustomFieldRecord;
  accounts: AccountRecord;
  networkCompanies: NetworkCompanyRecord;
  people: NetworkPersonRecord;
  companies: CompanyRecord;
  contacts: ContactRecord;
  conversations: ConversationRecord;
  views: ViewRecord;
  drafts: DraftRecord;
  activity: ActivityEventRecord;
}
