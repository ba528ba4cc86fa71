import type { ContactFindEmailBody, ContactImportBody, ContactListQuery, ContactUpdateBody } from '@network-org/sdk';
import { schemas } from '@network-org/spec/zod';
import type { Projection } from './render';
import { accountId, defineTools } from './tool';

const contactProjection: Projection = {
  fields: {
    contact_id: true,
    name: true,
    headline: true,
    primary_role_title: true,
    primary_company_name: true,
    relationship_status: true,
    tags: true,
    last_interaction_at: true,
    account: accountId,
  },
  // Custom field values (top-level keys by registered name) are part of the default view: they are short.
  declared: new Set(Object.keys(schemas.Contact.shape)),
};

export const contactTools = defineTools(
  {
    operationId: 'listContacts',
    guidance:
      'Items show a default set of fields and the custom field values; pass `fields` to add others (e.g. ["experiences","locations"]) or ["*"] for whole records.',
    list: { key: 'contacts', projection: contactProjection },
    call: async (client, args, options) => client.contacts.list(args.query as ContactListQuery, options),
  },
  {
    operationId: 'importContact',
    guidance: 'Use it for people not yet in list_contacts. `created` tells whether the person was new to the account.',
    write: { idempotent: true },
    record: { key: undefined, label: 'imported contact' },
    call: async (client, args, options) => ({ ...(await client.contacts.import(args.body as ContactImportBody, options)) }),
  },
  {
    operationId: 'updateContact',
    guidance:
      'Pass `account_id` to pick which account\'s relationship is changed. Custom fields go as top-level arguments by registered name (read the network://custom-fields resource for the names and types).',
    write: { idempotent: true },
    record: { key: 'contact', label: 'updated contact' },
    call: async (client, args, options) =>
      client.contacts.update(args.path.contact_id as string, args.body as ContactUpdateBody, options),
  },
  {
    operationId: 'findContactEmail',
    guidance: 'Each lookup uses one credit; look up only the contacts the user asked about.',
    write: { idempotent: false },
    record: { key: 'contact', label: 'contact with the e-mail lookup result' },
    call: async (client, args, options) =>
      client.contacts.findEmail(args.path.contact_id as string, args.body as ContactFindEmailBody, options),
  },
);
