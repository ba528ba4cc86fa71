// The records of a state file made from what the API answers, scrubbed on the way: the mappers the snapshot's
// reader (take.ts) writes through.
import type { Company, Conversation, Location, Message, View } from '@network-org/sdk';
import { schemas } from '@network-org/spec/zod';
import { ID_STARTS } from '../store/storage';
import type { Scrubber } from './scrub';

/** The fixture organization the snapshot's organization is served as. */
export const ORGANIZATION_ID = ID_STARTS['organization'] as number;

export const isKept = (scrubber: Scrubber, field: string) => scrubber.field(field, 'text', 'x') === 'x';

export function nameParts(name: string): [string, string] {
  const space = name.trim().lastIndexOf(' ');
  return space < 0 ? [name.trim(), ''] : [name.trim().slice(0, space), name.trim().slice(space + 1)];
}

export const NOT_ENRICHED = {
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

export function industryOf(company: Company) {
  const industry = company.industries?.[0];
  return {
    name: industry?.name ?? '',
    title: industry?.title ?? '',
    industry_urn: industry?.industry_urn ?? '',
    provider_industry_id: industry?.provider_industry_id ?? '',
    hierarchy: industry?.hierarchy ?? '',
  };
}

export function scrubbedLocation(scrubber: Scrubber, place: Location | undefined) {
  const city = scrubber.field('city', 'place', place?.city ?? '');
  const state = scrubber.field('state', 'place', place?.state ?? '');
  const countryFull = place?.country_full ?? '';
  const text = [city, state, countryFull].filter((part) => part !== '').join(', ');
  return {
    network_text: scrubber.enabled ? text : (place?.network_text ?? ''),
    display_text: scrubber.enabled ? text : (place?.display_text ?? ''),
    country_code: place?.country_code ?? '',
    region_code: place?.region_code ?? '',
    country: place?.country ?? '',
    country_full: countryFull,
    state,
    city,
    geographic_area: place?.geographic_area ?? '',
  };
}

export function scrubbedNotes(scrubber: Scrubber, notes: string | null): string | null {
  if (notes === null || !scrubber.enabled) return notes;
  let parsed: unknown;
  try {
    parsed = JSON.parse(notes);
  } catch {
    return scrubber.field('notes_json', 'text', notes);
  }
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}T/.test(value) ? value : scrubber.field('notes_json', 'text', value);
    if (Array.isArray(value)) return value.map(walk);
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item)]));
    return value;
  };
  return JSON.stringify(walk(parsed));
}

export function viewRecord(view: View, accountId: string, selected: string[]) {
  return {
    id: view.id,
    public_id: view.public_id,
    type: view.type,
    view_kind: view.view_kind,
    name: view.name,
    description: view.description ?? null,
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
      text: scrubber.field('text', 'text', message.text ?? null),
      attachments: message.attachments.map((attachment) => ({
        ...attachment,
        title: scrubber.field('title', 'text', attachment.title ?? null),
        file_name: scrubber.field('file_name', 'text', attachment.file_name ?? null),
        url: scrubber.field('url', 'url', attachment.url ?? null),
        thumbnail_url: scrubber.field('thumbnail_url', 'url', attachment.thumbnail_url ?? null),
        subtitle: scrubber.field('subtitle', 'text', attachment.subtitle ?? null),
        description: scrubber.field('description', 'text', attachment.description ?? null),
      })),
    })),
  };
}
