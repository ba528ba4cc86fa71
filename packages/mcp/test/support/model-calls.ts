// What a model sends to each tool, built from what it has read: the items of earlier results, by their own field
// names, with ids as numbers (as models often send them). Shared by the suites that call every tool.
import type { MockApi } from '@network-org/mock';
import type { Connected } from './in-process';

export type Args = Record<string, unknown>;
export type Item = Record<string, string>;

/** What a model has read before it calls a tool: items of the results, by their own field names. */
export interface Seen {
  account: Item;
  contact: Item;
  company: Item;
  conversation: Item;
  view: Item;
  profileUrl: string;
}

/** Ids the way models often send them: as numbers. */
export const numeric = (value: string) => Number(value);

/** Per tool: a call as a model makes it, and a key a model plausibly adds that the tool does not take. */
export const CALLS: Record<string, { call(seen: Seen): Args; extra: Args }> = {
  list_organizations: { call: () => ({}), extra: { account_id: 101 } },
  list_accounts: { call: () => ({}), extra: { limit: 10 } },
  list_activity: { call: ({ account }) => ({ account_id: [numeric(account.account_id!)], limit: 5 }), extra: { tag: 'Customer' } },
  get_activity_summary: { call: ({ account }) => ({ account_id: numeric(account.account_id!), timezone: 'Europe/Paris' }), extra: { limit: 10 } },
  enrich: { call: ({ contact }) => ({ account_id: numeric(contact.account_id!), contact_id: numeric(contact.contact_id!) }), extra: { fields: ['work_email'] } },
  list_contacts: { call: ({ account }) => ({ account_id: numeric(account.account_id!), limit: 3 }), extra: { name: 'Jordy' } },
  import_contact: { call: ({ account, profileUrl }) => ({ account_id: numeric(account.account_id!), network_url: profileUrl }), extra: { profile_url: 'https://www.network.com/in/x' } },
  update_contact: {
    call: ({ contact }) => ({ contact_id: numeric(contact.contact_id!), account_id: numeric(contact.account_id!), tags: { add: [{ name: 'VIP', color: 'green' }] } }),
    extra: { name: 'New name' },
  },
  find_contact_email: { call: ({ contact }) => ({ contact_id: numeric(contact.contact_id!), account_id: numeric(contact.account_id!) }), extra: { email: 'a@b.c' } },
  list_companies: { call: ({ account }) => ({ account_id: [numeric(account.account_id!)], limit: 3 }), extra: { query: 'Acme' } },
  update_company: {
    call: ({ company }) => ({ company_id: numeric(company.company_id!), account_id: numeric(company.account_id!), notes_json: '{"text":"met"}' }),
    extra: { tag: 'Partner' },
  },
  list_conversations: { call: ({ contact }) => ({ contact_id: numeric(contact.contact_id!), limit: 5 }), extra: { query: 'pricing' } },
  list_conversation_messages: {
    call: ({ conversation }) => ({ conversation_id: numeric(conversation.conversation_id!), account_id: numeric(conversation.account_id!), limit: 1 }),
    extra: { contact_id: 1000001 },
  },
  create_draft: {
    call: ({ conversation }) => ({ conversation_id: numeric(conversation.conversation_id!), account_id: numeric(conversation.account_id!), draft_message: 'Thanks!' }),
    extra: { subject: 'Re: hello' },
  },
  list_views: { call: ({ account }) => ({ account_id: numeric(account.account_id!) }), extra: { name: 'Customers' } },
  create_view: {
    call: ({ contact }) => ({ account_id: numeric(contact.account_id!), name: 'Fair follow-ups', filters: { specific_contacts: { contact_ids: [numeric(contact.contact_id!)] } } }),
    extra: { contact_ids: [1000001] },
  },
};

/** The items a model has read before calling the tools: one of each kind, through the tools themselves. */
export async function readFirst(mcp: Connected, mock: MockApi): Promise<Seen> {
  const first = async (tool: string, key: string, args: Args = {}): Promise<Item> => ((await mcp.call(tool, args)).structuredContent[key] as Item[])[0]!;
  const account = await first('list_accounts', 'accounts');
  return {
    account,
    contact: await first('list_contacts', 'contacts', { account_id: [account.account_id] }),
    company: await first('list_companies', 'companies', { account_id: [account.account_id] }),
    conversation: await first('list_conversations', 'conversations', { account_id: [account.account_id] }),
    view: await first('list_views', 'views'),
    profileUrl: mock.networkProfiles({ imported: false, kind: 'member', limit: 1 }).profiles[0]!.network_url,
  };
}
