import { createMockApi } from '@network-org/mock';
import { NetworkClient, ApiError, ConflictError, NotFoundError, RateLimitError, isApiError, type Contact, type ContactListQuery } from '@network-org/sdk';
import { setupServer } from 'msw/node';
import { schemas, validateResponses } from '@network-org/sdk/zod';

const mock = createMockApi();
const server = setupServer(...mock.handlers);
server.listen({ onUnhandledRequest: 'error' });

const client = new NetworkClient({ baseUrl: mock.baseUrl, apiKey: mock.keys.admin });

const [account] = await client.accounts.list();
const accountId = account!.account_id;
for await (const contact of client.contacts.list({ account_id: [accountId], relationship_status: 'connected', limit: 25 })) {
  console.log(contact.contact_id, contact.name, contact.primary_company_name, contact['Deal stage']);
}

const patient = client.withOptions({ timeout: 120_000, maxRetries: 5 });
const traced = client.withOptions({ logLevel: 'info', logger: console });
console.log((await patient.accounts.list()).length, (await traced.organizations.list()).length);

const [organization] = await client.organizations.list(); // {id, name, created_at}
const accounts = await client.accounts.list(); // only the accounts this key may use
console.log(organization!.name, accounts.map((a) => `${a.account_id} ${a.display_name}`));

// Filters: query, company_name, headline, search, location, company_size, tag, relationship_status,
// invitation_status, conversation_id, view_id; account_id is an array (repeat for several accounts).
const page = await client.contacts.list({ account_id: [accountId], search: 'engineer', limit: 10 });
const contact = page.items[0]!;

// Import by profile URL: `created` is true on 201 (first attach), false on 200 (already attached).
const [profile] = mock.networkProfiles({ imported: false, kind: 'member', limit: 1 }).profiles;
const imported = await client.contacts.import({ account_id: accountId, network_url: profile!.network_url });
console.log(imported.created, imported.contact.contact_id, imported.warnings);

// Tags (add / remove, or set to replace them all), notes (JSON text; null clears) and custom fields by their
// registered names (null clears one).
const updated = await client.contacts.update(contact.contact_id, {
  account_id: accountId,
  tags: { add: [{ name: 'VIP', color: 'green' }] },
  notes_json: JSON.stringify([{ text: 'Met at the fair' }]),
  'Deal stage': 'Proposal',
  'Lead score': 80,
  'Is customer': false,
});
console.log(updated.tags, updated.notes_json);

// Work-email lookup: the outcome is in contact_enrichment.work_email.
const withEmail = await client.contacts.findEmail(contact.contact_id, { account_id: accountId });
console.log(withEmail.work_email, withEmail.contact_enrichment?.work_email);

const companies = await client.companies.list({ account_id: [accountId], limit: 5 });
const company = companies.items[0]!;
const tiered = await client.companies.update(company.company_id, { account_id: accountId, Tier: 'Gold' });
console.log(tiered.name, tiered['Tier'], tiered.contact_count);

for await (const conversation of client.conversations.list({ tag: 'Customer', limit: 25 })) {
  const messages = await client.conversations.messages.list(conversation.conversation_id, {
    account_id: conversation.account_id,
  });
  console.log(conversation.conversation_id, messages.items[0]?.text);

  // Drafts are stored, never sent; a new draft for the same conversation or contact replaces the earlier one.
  const draft = await client.drafts.create({
    account_id: conversation.account_id,
    conversation_id: conversation.conversation_id,
    draft_message: 'Thanks! Could we talk this week?',
  });
  console.log(draft.kind, draft.replaced_previous);
  break;
}
// A draft to a contact instead of a conversation: {account_id, contact_id, draft_message}. For a contact who is
// not connected it is saved as a connection request (kind `connection_request`).

const view = await client.views.create({
  account_id: accountId,
  type: 'contact',
  name: 'Engineers',
  description: 'Picked by hand',
  filters: { specific_contacts: { contact_ids: page.items.map((c) => c.contact_id) } },
});
console.log(view.id, view.public_id, view.selected_contact_ids);

for await (const saved of client.views.list({ account_id: [accountId] })) console.log(saved.name, saved.view_kind);
const inView = await client.contacts.list({ view_id: view.id }); // `id` or `public_id`
console.log(inView.items.length);

// Date-only bounds are read in `timezone`; `to` is exclusive (a date-only `to` means "up to the end of that day").
const activity = await client.activity.list({
  from: '2026-01-05',
  to: '2026-01-11',
  timezone: 'America/New_York',
  event_type: ['message_sent'],
  limit: 100,
});
console.log(activity.filters.from, activity.filters.to, activity.timezone, activity.items[0]?.event_type);

const summary = await client.activity.summary({ from: '2026-01-05', to: '2026-01-11', timezone: 'America/New_York' });
console.log(summary.total_events, summary.by_day, summary.by_event_type);

// A profile URL, or {account_id, contact_id} of an existing contact.
const enrichment = await client.enrich({ account_id: accountId, network_url: profile!.network_url });
console.log(enrichment.profile.participant.full_name, enrichment.company?.participant.full_name);

const first = await client.contacts.list({ account_id: [accountId], limit: 25 });
if (first.hasNextPage()) console.log((await first.nextPage()).items.length);

let pages = 0;
for await (const contactsPage of client.contacts.list({ account_id: [accountId], limit: 25 }).pages()) {
  pages += 1;
  if (pages === 3) break;
}

const { data: orgs, response } = await client.organizations.list().withResponse();
console.log(orgs.length, response.status, response.headers.get('content-type'));


try {
  await client.contacts.import({ account_id: accountId, network_url: 'https://www.network.com/in/conflict' });
} catch (error) {
  if (error instanceof ConflictError) console.log(error.status, error.code, error.message);
  else if (error instanceof NotFoundError) console.log('no such profile');
  else if (error instanceof RateLimitError) console.log(`retry in ${error.retryAfter}s`);
  else if (isApiError(error, 'billing_insufficient_credits')) console.log('buy credits');
  else if (error instanceof ApiError) console.log(error.status, error.code, error.debug);
  else throw error;
}

const controller = new AbortController();
const accountsNow = await client.accounts.list({ signal: controller.signal, timeout: 5_000, maxRetries: 0 });
console.log(accountsNow.length);

const paced = new NetworkClient({ baseUrl: mock.baseUrl, apiKey: mock.keys.admin, rateLimit: 'service' });
const toTag = (await paced.contacts.list({ account_id: [accountId], limit: 25 })).items;
// All at once: the budget, not your code, decides when each call goes.
const tagged = await Promise.all(
  toTag.map((contact) =>
    paced.contacts.update(contact.contact_id, { account_id: accountId, tags: { add: [{ name: 'Bulk', color: 'green' }] } }),
  ),
);
console.log(`${tagged.length} tagged`);


const strict = new NetworkClient({ baseUrl: mock.baseUrl, apiKey: mock.keys.admin, validateResponses });
const checked = await strict.contacts.list({ limit: 1 }); // throws ResponseValidationError on a mismatch
console.log(schemas.Contact.safeParse(checked.items[0]).success);


const connected: ContactListQuery = { relationship_status: 'connected', tag: 'VIP' };
const label = (c: Contact) => `${c.name} (${c.headline})`;
console.log(connected, label(contact));

client.raw.use({
  onRequest({ request }) {
    request.headers.set('x-request-source', 'nightly-sync');
    return request;
  },
});
const raw = await client.raw.GET('/v1/accounts');
console.log(raw.response.status, raw.data?.data.accounts.length);

server.close();
