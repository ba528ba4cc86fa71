// What each step of a snapshot reads through the SDK, one page a call, and the records it writes for that page.
import type { Company, Contact, Message, NetworkClient } from '@network-org/sdk';
import type { PartKind } from './parts';
import type { Scrubber } from './scrub';
import {
  activityRecord,
  companyRecord,
  contactRecord,
  conversationRecord,
  fakeCompanyOf,
  fakePersonOf,
  networkCompanyRecord,
  personRecord,
  viewRecord,
  type CustomFieldType,
} from './state-records';

const PAGE = 25;
const ACTIVITY_PAGE = 200;
const DAY = 86_400_000;
/** How far back activity is read: the service keeps a year of it. */
const ACTIVITY_DAYS = 400;

export type Step = { kind: 'companies' | 'contacts' | 'views' | 'conversations'; account_id: string } | { kind: 'activity' };

/** What the steps share while a snapshot is taken (see take.ts). */
export interface StepContext {
  client: NetworkClient;
  scrubber: Scrubber;
  takenAt: string;
  accountIds: string[];
  write(kind: PartKind, record: unknown): void;
  /** Records an id read, so that the id counters start past it. */
  bump(kind: string, id: string | null | undefined): void;
  /** The next position of a record of `kind` in `accountId`. */
  position(kind: string, accountId: string): number;
  countContact(): void;
  seenCompanies: Set<string>;
  seenPeople: Set<string>;
  customFields: Map<string, CustomFieldType>;
}

/** Reads one page of `step` from `cursor` and writes its records; the next cursor, or null when the step is done. */
export type StepReader = (step: Step, cursor: string | undefined) => Promise<string | null>;

function nextCursor(pagination: { has_more: boolean; next_cursor?: string | null }): string | null {
  return pagination.has_more && pagination.next_cursor ? pagination.next_cursor : null;
}

export function stepReaders(context: StepContext): Record<Step['kind'], StepReader> {
  const { client, scrubber, write, bump, position } = context;
  const accountOf = (step: Step) => (step as { account_id: string }).account_id;

  const networkCompany = (company: Company) => {
    if (context.seenCompanies.has(company.provider_participant_id)) return;
    context.seenCompanies.add(company.provider_participant_id);
    bump('network_company', company.provider_participant_id);
    write('networkCompanies', networkCompanyRecord(scrubber, company, fakeCompanyOf(scrubber, company), context.takenAt));
  };

  const person = (contact: Contact) => {
    if (context.seenPeople.has(contact.provider_participant_id)) return;
    context.seenPeople.add(contact.provider_participant_id);
    bump('network_person', contact.provider_participant_id);
    write('people', personRecord(scrubber, contact, fakePersonOf(scrubber, contact), fakeCompanyOf(scrubber, contact.company as Company), context.takenAt));
  };

  return {
    companies: async (step, cursor) => {
      const accountId = accountOf(step);
      const page = await client.request('listCompanies', { query: { account_id: [accountId], limit: PAGE, ...(cursor ? { cursor } : {}) } });
      for (const company of page.items) {
        networkCompany(company);
        bump('company', company.company_id);
        write('companies', companyRecord(scrubber, company, fakeCompanyOf(scrubber, company), accountId, position('companies', accountId), context.customFields));
      }
      return nextCursor(page.pagination);
    },
    contacts: async (step, cursor) => {
      const accountId = accountOf(step);
      const page = await client.request('listContacts', { query: { account_id: [accountId], limit: PAGE, ...(cursor ? { cursor } : {}) } });
      for (const contact of page.items) {
        if (!contact.company) continue;
        networkCompany(contact.company);
        person(contact);
        bump('contact', contact.contact_id);
        bump('account_relationship', contact.account_relationship_id);
        bump('invite', contact.connection_invitation?.invite_id);
        context.countContact();
        write(
          'contacts',
          contactRecord(scrubber, contact, {
            person: fakePersonOf(scrubber, contact),
            company: fakeCompanyOf(scrubber, contact.company),
            accountId,
            position: position('contacts', accountId),
            takenAt: context.takenAt,
            seen: context.customFields,
          }),
        );
      }
      return nextCursor(page.pagination);
    },
    views: async (step, cursor) => {
      const accountId = accountOf(step);
      const page = await client.request('listViews', { query: { account_id: [accountId], limit: PAGE, ...(cursor ? { cursor } : {}) } });
      for (const view of page.items) {
        const selected: string[] = [];
        for await (const contact of client.request('listContacts', { query: { account_id: [accountId], view_id: view.id, limit: PAGE } })) {
          if (!selected.includes(contact.contact_id)) selected.push(contact.contact_id);
        }
        bump('view', view.id);
        write('views', viewRecord(scrubber, view, accountId, selected));
      }
      return nextCursor(page.pagination);
    },
    conversations: async (step, cursor) => {
      const accountId = accountOf(step);
      const page = await client.request('listConversations', { query: { account_id: [accountId], limit: PAGE, ...(cursor ? { cursor } : {}) } });
      for (const conversation of page.items) {
        const messages: Message[] = [];
        const pages = client.request('listConversationMessages', { path: { conversationId: conversation.conversation_id }, query: { account_id: accountId, limit: PAGE } });
        for await (const message of pages) messages.push(message);
        messages.sort((a, b) => (a.sent_at < b.sent_at ? -1 : a.sent_at > b.sent_at ? 1 : a.message_id < b.message_id ? -1 : 1));
        bump('conversation', conversation.conversation_id);
        for (const message of messages) {
          bump('message', message.message_id);
          for (const attachment of message.attachments) bump('attachment', attachment.attachment_id);
        }
        write('conversations', conversationRecord(scrubber, conversation, accountId, messages, position('conversations', accountId)));
      }
      return nextCursor(page.pagination);
    },
    activity: async (_step, cursor) => {
      const from = new Date(Date.parse(context.takenAt) - ACTIVITY_DAYS * DAY).toISOString();
      const page = await client.request('listActivity', {
        query: { from, to: context.takenAt, account_id: context.accountIds, limit: ACTIVITY_PAGE, ...(cursor ? { cursor } : {}) },
      });
      for (const event of page.items) {
        bump('activity', event.id);
        write('activity', activityRecord(scrubber, event));
      }
      return nextCursor(page.pagination);
    },
  };
}
