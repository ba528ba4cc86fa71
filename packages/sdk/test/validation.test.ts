import { describe, expect, it } from 'vitest';
import { ResponseValidationError } from '@network-org/sdk';
import { schemas, validateResponses } from '@network-org/sdk/zod';
import { client, contact, contactsPage, fakeFetch, json, settle } from './helpers';

describe('validateResponses', () => {
  it('accepts responses that match the spec, custom fields on contacts included', async () => {
    const withCustomFields = { ...contact('2001'), 'Deal stage': 'Qualified', 'Lead score': 87, 'Is customer': false };
    const { fetch } = fakeFetch(json({ data: { contacts: [withCustomFields], pagination: { limit: 10, has_more: false } } }));
    const page = await client(fetch, { validateResponses }).contacts.list();
    expect(page.items[0]).toMatchObject({ 'Deal stage': 'Qualified', 'Lead score': 87 });
  });

  it('throws ResponseValidationError naming the field that does not match', async () => {
    const broken = { ...contact('2001'), relationship_status: 'best_friends' };
    const { fetch } = fakeFetch(json({ data: { contacts: [broken], pagination: { limit: 10, has_more: false } } }));
    const { error } = await settle(client(fetch, { validateResponses }).contacts.list());
    expect(error).toBeInstanceOf(ResponseValidationError);
    const validation = error as ResponseValidationError;
    expect(validation.operationId).toBe('listContacts');
    expect(validation.issues[0]?.path).toEqual(['data', 'contacts', 0, 'relationship_status']);
    expect(validation.message).toContain('relationship_status');
  });

  it('rejects a missing envelope', async () => {
    const { fetch } = fakeFetch(json({ accounts: [] }));
    const { error } = await settle(client(fetch, { validateResponses }).accounts.list());
    expect(error).toBeInstanceOf(ResponseValidationError);
  });

  it('leaves responses unchecked when off', async () => {
    const { fetch } = fakeFetch(contactsPage([], { limit: 10, has_more: false }), json({ data: { accounts: 'nope' } }));
    const network = client(fetch);
    await network.contacts.list();
    await expect(network.accounts.list()).resolves.toBe('nope');
  });

  it('exports the zod schemas of the wire types from @network-org/sdk/zod', () => {
    expect(schemas.Contact.safeParse(contact('1')).success).toBe(true);
    expect(schemas.ErrorBody.safeParse({ code: 'nope', message: 'x' }).success).toBe(false);
  });
});

describe('validateResponses as a flag', () => {
  it('is refused at construction with the import that turns validation on', () => {
    const flag = true as unknown as typeof validateResponses;
    expect(() => client(fakeFetch().fetch, { validateResponses: flag })).toThrow(/import \{ validateResponses \} from '@network-org\/sdk\/zod'/);
  });
});
