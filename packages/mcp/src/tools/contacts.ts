import { summaryFields } from '@network-org/spec/docs';
import { schemas } from '@network-org/spec/zod';
import type { Projection } from './render';
import { accountIdOf, defineTools } from './tool';

const contactProjection: Projection = {
  fields: {
    // The contact's main fields, as the spec marks them (`x-summary`): a field the spec gains is shown when it is one.
    ...Object.fromEntries(summaryFields.Contact.map((key) => [key, true] as const)),
    // The account the record belongs to, under the name the tools take it by.
    account_id: accountIdOf,
  },
  // Custom field values (top-level keys by registered name) are part of the default view: they are short.
  declared: new Set(Object.keys(schemas.Contact.shape)),
  more: true,
};

const CONTACT_ID = 'The contact_id (list_contacts or import_contact).';

export const contactTools = defineTools(
  {
    operationId: 'listContacts',
    toolset: 'contacts',
    description:
      'Contacts of the accounts, searched and filtered (text matches substrings). Items show main fields and custom fields.',
    describe: {
      company_size: 'A headcount range (51-200) or an employee count (120).',
      relationship_status: 'Relationship with the account; any matches all.',
      invitation_status: 'Contacts with an invitation in this status.',
      conversation_id: 'Contacts in a conversation: its conversation_id (list_conversations).',
      view_id: 'Contacts of a view: its id or public_id (list_views).',
    },
    projection: contactProjection,
  },
  {
    operationId: 'importContact',
    toolset: 'contacts',
    description:
      'Imports a profile URL as a contact of the account; created tells whether the person is new to it. Repeating is safe.',
    describe: {
      account_id: 'The account_id (list_accounts) to import into.',
      network_url: 'The profile URL, https://www.network.com/in/<handle>.',
    },
    label: 'imported contact',
    write: { idempotent: true },
  },
  {
    operationId: 'updateContact',
    toolset: 'contacts',
    description:
      'Changes a contact\'s tags, notes and custom field values, which belong to one account: pass the contact\'s account_id.',
    describe: {
      contact_id: CONTACT_ID,
      account_id: 'The contact\'s account_id (list_contacts); default its first account.',
    },
    label: 'updated contact',
    write: { idempotent: true },
  },
  {
    operationId: 'findContactEmail',
    toolset: 'enrichment',
    description:
      'Looks up a contact\'s work e-mail (result in contact_enrichment.work_email). Each lookup uses a credit: only for contacts the user asked about.',
    describe: { contact_id: CONTACT_ID, account_id: 'The contact\'s account_id (list_contacts).' },
    label: 'contact with the e-mail lookup result',
    write: { idempotent: false, uncertain: 'It may have used a credit: look it up again only if the user still needs the e-mail.' },
  },
);
