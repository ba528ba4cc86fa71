import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockApi } from '@network-org/mock';
import {
  ActivityPage,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  NetworkClient,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UpstreamError,
  isApiError,
} from '@network-org/sdk';
import { validateResponses } from '@network-org/sdk/zod';

const BASE_URL = 'https://api.network.test';
const mock = createMockApi({ baseUrl: BASE_URL, seed: 1, rateLimit: false });
const server = setupServer(...mock.handlers);

const as = (apiKey: string, options: { maxRetries?: number } = {}) =>
  new NetworkClient({ apiKey, baseUrl: BASE_URL, validateResponses, ...options });
const admin = as(mock.keys.admin);
const member = as(mock.keys.member);

beforeAll(() => {
  // No fallback answers: an operation the mock does not implement answers 500, and the test that calls it fails.
  server.listen({ onUnhandledRequest: 'error' });
});

afterEach(() => {
  mock.faults.clear();
});

afterAll(() => {
  server.close();
});

async function accountIds(client: NetworkClient): Promise<string[]> {
  return (await client.accounts.list()).map((account) => account.account_id);
}

describe('organization and accounts', () => {
  it('lists the key’s organization', async () => {
    const organizations = await admin.organizations.list();
    expect(organizations).toHaveLength(1);
    expect(organizations[0]?.name).toBe('Acme');
  });

  it('lists only the accounts the credential may use', async () => {
    const adminAccounts = await accountIds(admin);
    const memberAccounts = await accountIds(member);
    expect(adminAccounts.length).toBeGreaterThanOrEqual(2);
    expect(memberAccounts.length).toBeGreaterThanOrEqual(1);
    expect(adminAccounts.some((id) => !memberAccounts.includes(id))).toBe(true);
  });
});

describe('contacts', () => {
  it('walks every contact of an account across pages, each once', async () => {
    const [accountId] = await accountIds(admin);
    const ids: string[] = [];
    let pages = 0;
    for await (const page of admin.contacts.list({ account_id: [accountId ?? ''], limit: 25 }).pages()) {
      pages++;
      ids.push(...page.items.map((contact) => contact.contact_id));
      expect(page.items.every((contact) => contact.account.account_id === accountId)).toBe(true);
    }
    expect(ids.length).toBeGreaterThanOrEqual(150);
    expect(new Set(ids).size).toBe(ids.length);
    expect(pages).toBe(Math.ceil(ids.length / 25));
  });

  it('fetches no page beyond where a for await stops', async () => {
    mock.clearJournal();
    let seen = 0;
    for await (const _ of admin.contacts.list({ limit: 5 })) {
      if (++seen === 7) break;
    }
    expect(mock.journal.filter((entry) => entry.path === '/v1/contacts')).toHaveLength(2);
  });

  it('filters by relationship status', async () => {
    const page = await admin.contacts.list({ relationship_status: 'not_connected', limit: 25 });
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((contact) => contact.relationship_status === 'not_connected')).toBe(true);
  });

  it('imports a profile (201, created) and imports it again (200, not created)', async () => {
    const [accountId = ''] = await accountIds(admin);
    const [profile] = mock.networkProfiles({ imported: false, kind: 'member', limit: 1 }).profiles;
    const input = { account_id: accountId, network_url: profile?.network_url ?? '' };
    const first = await admin.contacts.import(input);
    expect(first.created).toBe(true);
    expect(first.contact.network_url).toBe(input.network_url);
    expect(Array.isArray(first.warnings)).toBe(true);
    const again = await admin.contacts.import(input).withResponse();
    expect(again.data.created).toBe(false);
    expect(again.response.status).toBe(200);
    expect(again.data.contact.contact_id).toBe(first.contact.contact_id);
  });

  it('maps the magic handles to their errors', async () => {
    const [accountId = ''] = await accountIds(admin);
    const url = (handle: string) => ({ account_id: accountId, network_url: `https://www.network.com/in/${handle}` });
    const noRetry = as(mock.keys.admin, { maxRetries: 0 });
    await expect(noRetry.contacts.import(url('upstream-error'))).rejects.toBeInstanceOf(UpstreamError);
    await expect(noRetry.contacts.import(url('conflict'))).rejects.toBeInstanceOf(ConflictError);
    await expect(noRetry.contacts.import(url('nobody-has-this-handle-42'))).rejects.toBeInstanceOf(NotFoundError);
  });

  it('updates tags, notes and custom fields', async () => {
    const [contact] = (await admin.contacts.list({ limit: 1 })).items;
    if (!contact) throw new Error('the dataset has no contacts');
    const updated = await admin.contacts.update(contact.contact_id, {
      account_id: contact.account.account_id,
      tags: { add: [{ name: 'SDK e2e', color: 'green' }] },
      notes_json: '{"text":"from the SDK"}',
      'Deal stage': 'Negotiation',
      'Lead score': 42,
    });
    expect(updated.tags.map((tag) => tag.name)).toContain('SDK e2e');
    expect(updated.notes_json).toBe('{"text":"from the SDK"}');
    expect(updated['Deal stage']).toBe('Negotiation');
    expect(updated['Lead score']).toBe(42);
  });

  it('rejects an unregistered custom field with BadRequestError, changing nothing', async () => {
    const [contact] = (await admin.contacts.list({ limit: 1 })).items;
    if (!contact) throw new Error('the dataset has no contacts');
    const error = await admin.contacts
      .update(contact.contact_id, { account_id: contact.account.account_id, 'No such field': 'x' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(isApiError(error, 'bad_request')).toBe(true);
  });

  it('finds a work e-mail', async () => {
    const [contact] = (await admin.contacts.list({ limit: 1 })).items;
    if (!contact) throw new Error('the dataset has no contacts');
    const found = await admin.contacts.findEmail(contact.contact_id, { account_id: contact.account.account_id });
    expect(found.contact_id).toBe(contact.contact_id);
    expect(found.contact_enrichment?.work_email.status).toBeTypeOf('string');
  });

  it('answers find-email without credits with billing_insufficient_credits', async () => {
    const noCredits = as(mock.keys.noCredits);
    const [contact] = (await noCredits.contacts.list({ limit: 1 })).items;
    if (!contact) throw new Error('the no-credits organization has no contacts');
    const error = await noCredits.contacts
      .findEmail(contact.contact_id, { account_id: contact.account.account_id })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(isApiError(error, 'billing_insufficient_credits')).toBe(true);
  });
});

describe('companies', () => {
  it('lists companies and updates one', async () => {
    const page = await admin.companies.list({ limit: 3 });
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.pagination.limit).toBe(3);
    const [company] = page.items;
    if (!company) throw new Error('no company');
    const updated = await admin.companies.update(company.company_id, {
      ...(company.account_id && { account_id: company.account_id }),
      Tier: 'Gold',
      tags: { set: [{ name: 'Target', color: 'red' }] },
    });
    expect(updated.company_id).toBe(company.company_id);
    expect(updated.Tier).toBe('Gold');
    expect(updated.tags?.map((tag) => tag.name)).toEqual(['Target']);
  });
});

describe('views', () => {
  it('creates a view of specific contacts and finds it in the list', async () => {
    const [accountId = ''] = await accountIds(admin);
    const contacts = (await admin.contacts.list({ account_id: [accountId], limit: 2 })).items;
    const { data: view, response } = await admin.views
      .create({
        account_id: accountId,
        type: 'contact',
        name: 'SDK e2e view',
        filters: { specific_contacts: { contact_ids: contacts.map((contact) => contact.contact_id) } },
      })
      .withResponse();
    expect(response.status).toBe(201);
    expect(view.selected_contact_ids).toEqual(contacts.map((contact) => contact.contact_id));
    const names: string[] = [];
    for await (const listed of admin.views.list({ account_id: [accountId] })) names.push(listed.name);
    expect(names).toContain('SDK e2e view');
    const inView = await admin.contacts.list({ view_id: view.id });
    expect(inView.items.map((contact) => contact.contact_id).sort()).toEqual(
      contacts.map((contact) => contact.contact_id).sort(),
    );
  });
});

describe('enrichment', () => {
  it('enriches a profile URL', async () => {
    const [accountId = ''] = await accountIds(admin);
    const [profile] = mock.networkProfiles({ kind: 'member', limit: 1 }).profiles;
    const enrichment = await admin.enrich({ account_id: accountId, network_url: profile?.network_url ?? '' });
    expect(enrichment.profile.participant.kind).toBe('member');
  });
});

describe('conversations and messages', () => {
  it('lists conversations and the messages of one', async () => {
    const conversations = await admin.conversations.list({ limit: 2 });
    expect(conversations.items.length).toBeGreaterThan(0);
    const [conversation] = conversations.items;
    if (!conversation) throw new Error('no conversation');
    const messages = await admin.conversations.messages.list(conversation.conversation_id, {
      account_id: conversation.account_id,
      limit: 5,
    });
    expect(messages.items.length).toBeGreaterThan(0);
    expect(messages.items.every((message) => message.conversation_id === conversation.conversation_id)).toBe(true);
  });
});

describe('drafts', () => {
  it('saves a draft without sending it', async () => {
    const [contact] = (await admin.contacts.list({ limit: 1 })).items;
    if (!contact) throw new Error('no contact');
    const draft = await admin.drafts.create({
      account_id: contact.account.account_id,
      contact_id: contact.contact_id,
      draft_message: 'Hello from the SDK',
    });
    expect(draft.status).toBe('saved');
    expect(draft.draft_message).toBe('Hello from the SDK');
    expect(mock.drafts({ account_id: contact.account.account_id }).drafts.map((saved) => saved.draft_message)).toContain(
      'Hello from the SDK',
    );
  });
});

describe('activity', () => {
  it('lists activity pages with filters, generated_at and timezone', async () => {
    const page = await admin.activity.list({ limit: 5, timezone: 'UTC' });
    expect(page).toBeInstanceOf(ActivityPage);
    expect(page.filters.to_exclusive).toBe(true);
    expect(page.timezone).toBeTypeOf('string');
    expect(page.generated_at).toBeTypeOf('string');
    expect(page.items.length).toBeGreaterThan(0);
  });

  it('summarizes activity', async () => {
    const summary = await admin.activity.summary();
    expect(summary.total_events).toBeGreaterThan(0);
  });

  it('refuses activity to a non-admin with forbidden', async () => {
    const error = await member.activity.list().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(isApiError(error, 'forbidden')).toBe(true);
  });
});

describe('errors, retries and rate limits against the mock', () => {
  it('rejects a retired key with AuthenticationError', async () => {
    const error = await as(mock.keys.retired).accounts.list().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('refuses the member an account not shared with it', async () => {
    const memberAccounts = await accountIds(member);
    const hidden = (await accountIds(admin)).find((id) => !memberAccounts.includes(id)) ?? '';
    const error = await member.contacts.list({ account_id: [hidden] }).catch((caught: unknown) => caught);
    expect(isApiError(error, 'account_shared_access_required')).toBe(true);
  });

  it('retries a 503 and succeeds', async () => {
    mock.faults.add({ method: 'GET', path: '/v1/accounts', status: 503, count: 1 });
    mock.clearJournal();
    await expect(admin.accounts.list()).resolves.not.toHaveLength(0);
    expect(mock.journal.filter((entry) => entry.path === '/v1/accounts').map((entry) => entry.status)).toEqual([503, 200]);
  });

  it('throws RateLimitError at once when Retry-After exceeds maxRetryDelay', async () => {
    mock.faults.add({ method: 'GET', path: '/v1/accounts', status: 429, retry_after: 120, count: 1 });
    mock.clearJournal();
    const error = await admin.accounts.list().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(120);
    expect(mock.journal.filter((entry) => entry.path === '/v1/accounts')).toHaveLength(1);
  });

  it('rejects a bad cursor with BadRequestError', async () => {
    const error = await admin.contacts.list({ cursor: 'tampered' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
  });
});
