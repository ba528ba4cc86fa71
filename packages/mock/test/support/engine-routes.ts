import type { ActivityFilters, ContactWithEnrichment } from '@network-org/sdk';
import { defineRoute, type MockApiOptions } from '@network-org/mock';
import { paginate } from '../../src/engine/pagination';

// Tiny routes of the engine's own, so these tests exercise auth, validation, paging, limits and faults
// independently of the resource routes. Only the fields the assertions read are filled in.
const asContact = (fields: Partial<ContactWithEnrichment>) => fields as ContactWithEnrichment;

export const engineTestRoutes = [
  defineRoute('listAccounts', ({ accounts }) => ({
    status: 200,
    body: {
      data: {
        accounts: accounts.accessible().map(({ account_id, display_name, provider_account_id, owner_user_id }) => ({
          account_id,
          display_name,
          provider_account_id,
          owner_user_id,
        })),
      },
    },
  })),
  defineRoute('listOrganizations', ({ auth }) => ({
    status: 200,
    body: { organization: [{ id: auth.organization.id, name: auth.organization.name, created_at: auth.organization.created_at }] },
  })),
  defineRoute('listContacts', { pageLimit: { default: 10, max: 25, clamp: true } }, ({ store, query, accounts }) => {
    const contacts = accounts.resolve(query.account_id).flatMap((account) => store.contacts.ofAccount(account.account_id));
    const page = paginate(contacts, { limit: query.limit, cursor: query.cursor, maxLimit: 25, scope: query });
    return {
      status: 200,
      body: {
        data: {
          contacts: page.items.map((contact) =>
            asContact({ contact_id: contact.contact_id, account_relationship_id: contact.account_relationship_id }),
          ),
          pagination: page.pagination,
        },
      },
    };
  }),
  defineRoute('findContactEmail', { credits: 1 }, ({ store, params, body, accounts, credits, auth }) => {
    accounts.require(body.account_id);
    const contact = store.contacts.find(body.account_id, params.contact_id);
    if (!contact) throw new Error('unknown contact in test route');
    credits.consume();
    return { status: 200, body: { data: { contact: asContact({ contact_id: contact.contact_id }) } } };
  }),
  defineRoute('listActivity', { admin: true, pageLimit: { default: 50, max: 200, clamp: false } }, ({ query, now }) => ({
    status: 200,
    body: {
      data: {
        generated_at: now().toISOString(),
        timezone: query.timezone,
        filters: {} as ActivityFilters,
        activity: [],
        pagination: { limit: query.limit, has_more: false },
      },
    },
  })),
];

/** Options of a mock answering with the engine's test routes (rate limit on, as the service). */
export const ENGINE_TEST_MOCK: MockApiOptions = { routes: engineTestRoutes, rateLimit: true, contactsPerAccount: 30, networkSize: 20 };
