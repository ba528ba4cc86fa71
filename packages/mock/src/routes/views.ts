import { badRequest } from '../engine/errors';
import { defineRoute } from '../engine/router';
import type { ViewRecord } from '../store/types';
import { viewWire } from '../wire/shapes';

const byAge = (a: ViewRecord, b: ViewRecord) =>
  a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : Number(a.id) - Number(b.id);

export const listViews = defineRoute('listViews', (ctx) => {
  const accounts = ctx.accounts.resolve(ctx.query.account_id);
  const views = accounts.flatMap((account) => ctx.store.views.ofAccount(account.account_id)).sort(byAge);
  const page = ctx.paginate(views);
  return {
    status: 200,
    body: { data: { views: page.items.map((view) => viewWire(ctx.store, view, false)), pagination: page.pagination } },
  };
});

export const createView = defineRoute('createView', (ctx) => {
  const { store, body } = ctx;
  const account = ctx.accounts.require(body.account_id);
  const contactIds = [...new Set(body.filters.specific_contacts.contact_ids)];
  const unknown = contactIds.filter((id) => !store.contacts.find(account.account_id, id));
  if (unknown.length > 0) {
    throw badRequest(
      `Unknown contact id${unknown.length === 1 ? '' : 's'} ${unknown.map((id) => `"${id}"`).join(', ')} in account ${account.account_id}: use contact ids from GET /v1/contacts?account_id=${account.account_id}.`,
    );
  }
  const view = store.views.add({
    account,
    name: body.name,
    description: body.description ?? null,
    origin: 'api',
    rules: { contact_ids: contactIds },
    created_at: ctx.now().toISOString(),
  });
  return { status: 201, body: { data: { view: viewWire(store, view, true) } } };
});
