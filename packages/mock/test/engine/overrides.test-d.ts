import { createMockApi } from '@network-org/mock';
import { expectTypeOf, test } from 'vitest';

const mock = createMockApi();

test('an override answers only with the statuses and bodies the spec documents for its operation', () => {
  mock.override('listAccounts', () => ({ status: 200, body: { data: { accounts: [] } } }));
  mock.override('importContact', () => ({ status: 409, body: { code: 'conflict', message: 'Already imported elsewhere.' } }));
  mock.override('listContacts', () => ({ status: 429, body: { code: 'rate_limit_exceeded', message: 'Slow down.' }, headers: { 'Retry-After': '3' } }));

  // @ts-expect-error 418 is not a status the spec documents for listAccounts
  mock.override('listAccounts', () => ({ status: 418, body: { code: 'bad_request', message: 'teapot' } }));
  // @ts-expect-error listAccounts documents no 404
  mock.override('listAccounts', () => ({ status: 404, body: { code: 'not_found', message: 'none' } }));
  // @ts-expect-error the success body of listAccounts is {data: {accounts}}, not {accounts}
  mock.override('listAccounts', () => ({ status: 200, body: { accounts: [] } }));
  // @ts-expect-error an error status takes the error body
  mock.override('importContact', () => ({ status: 409, body: { data: {} } }));
  // @ts-expect-error "teapot" is not an error code of the description
  mock.override('importContact', () => ({ status: 400, body: { code: 'teapot', message: 'no' } }));
  // @ts-expect-error no such operation
  mock.override('deleteEverything', () => ({ status: 200, body: {} }));
});

test('the resolver gets the validated, typed request and the built-in answer', () => {
  mock.override('updateContact', async ({ params, query, body, auth, next }) => {
    expectTypeOf(params.contact_id).toEqualTypeOf<string>();
    expectTypeOf(query).toEqualTypeOf<undefined>();
    expectTypeOf(body.account_id).toEqualTypeOf<string | undefined>();
    expectTypeOf(auth.organization.id).not.toBeAny();
    const answer = await next();
    if (answer.status === 200) expectTypeOf(answer.body.data.contact.contact_id).toEqualTypeOf<string>();
    return answer;
  });
  mock.override('listContacts', ({ query }) => {
    expectTypeOf(query.limit).toEqualTypeOf<number>();
    return { status: 200, body: { data: { contacts: [], pagination: { limit: query.limit, has_more: false } } } };
  });
  const restore = mock.session('worker-1').override('listViews', ({ next }) => next(), { times: 1 });
  expectTypeOf(restore).toEqualTypeOf<() => void>();
});
