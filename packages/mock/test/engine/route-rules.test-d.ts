import { defineRoute } from '@network-org/mock';
import { test } from 'vitest';

test('per-operation rules are declared with the route, typed by operation', () => {
  defineRoute('listActivity', { admin: true, pageLimit: { default: 50, max: 200, clamp: false } }, ({ query, paginate }) => {
    const page = paginate<never>([]);
    return {
      status: 200,
      body: { data: { generated_at: '', timezone: query.timezone, filters: {} as never, activity: page.items, pagination: page.pagination } },
    };
  });
  defineRoute('enrich', { credits: 1 }, ({ credits }) => {
    credits.consume();
    throw new Error('not in a type test');
  });
  // @ts-expect-error getActivitySummary has no page, so no page limit
  defineRoute('getActivitySummary', { pageLimit: { default: 10, max: 25, clamp: true } }, () => {
    throw new Error('not in a type test');
  });
  // @ts-expect-error "admn" is no rule
  defineRoute('listAccounts', { admn: true }, () => ({ status: 200, body: { data: { accounts: [] } } }));
  // @ts-expect-error a page limit needs its maximum and whether it clamps
  defineRoute('listViews', { pageLimit: { default: 10 } }, () => {
    throw new Error('not in a type test');
  });
});
