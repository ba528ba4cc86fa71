// Callers that pick the operation at run time (a CLI, an MCP server, a conformance checker) go through
// `client.requestAny`, and read a list's items with `itemsOf`, both driven by the generated route table.
import { describe, expect, it } from 'vitest';
import { isListOperation, isPagedOperation, itemsOf, type OperationId, Page, ResponseValidationError } from '@network-org/sdk';
import { client, contactsPage, fakeFetch, json } from './helpers';

describe('itemsOf', () => {
  it('takes the items out of the envelope of each list without pages', () => {
    const accounts = [{ account_id: '1', name: 'A' }];
    expect(itemsOf('listAccounts', { data: { accounts } } as never)).toEqual(accounts);
    expect(itemsOf('listOrganizations', { organization: [{ id: 7 }] } as never)).toEqual([{ id: 7 }]);
    expect(itemsOf('listContacts', { data: { contacts: [], pagination: { limit: 10, has_more: false } } } as never)).toEqual([]);
  });

  it('names what is missing when the body lacks its items', () => {
    expect(() => itemsOf('listAccounts', { data: {} })).toThrow('listAccounts: the body has no data.accounts');
    expect(() => itemsOf('listOrganizations', null)).toThrow(TypeError);
    expect(() => itemsOf('updateContact' as never, {})).toThrow('updateContact answers no list');
  });
});

describe('isListOperation and isPagedOperation', () => {
  it('tell lists and paged lists apart by the route table', () => {
    expect(isListOperation('listAccounts')).toBe(true);
    expect(isPagedOperation('listAccounts')).toBe(false);
    expect(isPagedOperation('listContacts')).toBe(true);
    expect(isListOperation('updateContact')).toBe(false);
  });
});

describe('client.requestAny', () => {
  it('sends input the spec refuses as given, and gives the answer', async () => {
    const { fetch, calls } = fakeFetch(json({ code: 'bad_request', message: 'limit' }, 400));
    const network = client(fetch, { maxRetries: 0 });
    const operation: OperationId = 'listAccounts';
    await expect(network.requestAny(operation, { query: { limit: 2.5 } })).rejects.toMatchObject({ status: 400 });
    expect(calls[0]?.url.pathname).toBe('/v1/accounts');
    expect(calls[0]?.url.searchParams.get('limit')).toBe('2.5');
  });

  it('gives pages for a paged list, and the whole body for any other operation', async () => {
    const { fetch, calls } = fakeFetch(contactsPage(['1', '2'], { limit: 2, has_more: false }), json({ data: { accounts: [{ account_id: '3' }] } }));
    const network = client(fetch);
    const operations: OperationId[] = ['listContacts', 'listAccounts'];
    const [paged, plain] = operations;
    if (!paged || !plain || !isPagedOperation(paged) || isPagedOperation(plain)) throw new Error('route table changed');
    const page = await network.requestAny(paged, { query: { limit: 2 } });
    expect(page).toBeInstanceOf(Page);
    expect(page.items).toHaveLength(2);
    const body = await network.requestAny(plain);
    expect(isListOperation(plain) && itemsOf(plain, body)).toEqual([{ account_id: '3' }]);
    expect(calls.map((call) => call.url.pathname)).toEqual(['/v1/contacts', '/v1/accounts']);
  });

  it('reports a list body without its items as not matching the spec', async () => {
    const { fetch } = fakeFetch(json({ data: {} }));
    await expect(client(fetch).accounts.list()).rejects.toBeInstanceOf(ResponseValidationError);
  });
});
