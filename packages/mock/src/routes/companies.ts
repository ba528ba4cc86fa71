import { notFound } from '../engine/errors';
import { defineRoute } from '../engine/router';
import { updatedFields } from './updates';
import { companyListItemWire } from '../wire/shapes';

export const listCompanies = defineRoute('listCompanies', (ctx) => {
  const { store, query } = ctx;
  let entries;
  if (query.view_id !== undefined) {
    // The view decides the account; account_id is ignored (section 4).
    const view = store.views.find(ctx.auth.organization.id, query.view_id);
    if (!view) throw notFound(`No view with id or public_id "${query.view_id}": use one from GET /v1/views.`);
    ctx.accounts.require(view.account_id);
    entries = store.companies.ofContacts(store.views.contactsOf(view));
  } else {
    const accounts = ctx.accounts.resolve(query.account_id);
    entries = accounts
      .flatMap((account) => store.companies.ofContacts(store.contacts.ofAccount(account.account_id)))
      .sort((a, b) => Number(a.company.company_id) - Number(b.company.company_id));
  }
  // With view_id the operation ignores account_id, so the cursor does too.
  const { limit: _limit, cursor: _cursor, ...scopeQuery } = query;
  const page = ctx.paginate(entries, query.view_id !== undefined ? { ...scopeQuery, account_id: undefined } : undefined);
  return {
    status: 200,
    body: {
      data: {
        companies: page.items.map((entry) => companyListItemWire(entry.company, entry.contact_count)),
        pagination: page.pagination,
      },
    },
  };
});

export const updateCompany = defineRoute('updateCompany', (ctx) => {
  const { store, body } = ctx;
  const companyId = ctx.params.company_id;
  const company = store.companies.find(ctx.auth.organization.id, companyId);
  if (body.account_id !== undefined) {
    const account = ctx.accounts.require(body.account_id);
    if (!company || company.account_id !== account.account_id) {
      throw notFound(`No company "${companyId}" in account ${account.account_id}: use a company_id from GET /v1/companies.`);
    }
  } else {
    if (!company) throw notFound(`No company "${companyId}": use a company_id from GET /v1/companies.`);
    ctx.accounts.require(company.account_id);
  }
  const updated = store.companies.update(company, updatedFields(company, body, store.customFields.of(company.organization_id, 'company'), 'company'));
  return { status: 200, body: { data: { company: companyListItemWire(updated, store.contacts.countAt(updated)) } } };
});

