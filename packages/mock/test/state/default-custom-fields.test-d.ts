import type { DefaultCustomFields } from '@network-org/mock';
import type { DefaultCustomFields as FixtureCustomFields } from '@network-org/mock/vitest';
import { type CompanyUpdateBodyFor, type ContactUpdateBodyFor, NetworkClient } from '@network-org/sdk';
import { expectTypeOf, test } from 'vitest';

declare const client: NetworkClient;

test('a PATCH body built for the default dataset compiles with its custom field names and value types, and only with them', () => {
  const body: ContactUpdateBodyFor<DefaultCustomFields['contact']> = { account_id: '101', 'Deal stage': 'won', 'Lead score': 3, 'Is customer': null, tags: { add: [{ name: 'Won', color: 'green' }] } };
  void client.contacts.update('1', body);
  const company: CompanyUpdateBodyFor<DefaultCustomFields['company']> = { account_id: '101', Tier: 'Gold' };
  void client.companies.update('1', company);

  // @ts-expect-error "Deal stag" is not a registered custom field of the default dataset
  const misspelt: ContactUpdateBodyFor<DefaultCustomFields['contact']> = { account_id: '101', 'Deal stag': 'won' };
  // @ts-expect-error "Lead score" holds a number
  const wrongType: ContactUpdateBodyFor<DefaultCustomFields['contact']> = { 'Lead score': 'high' };
  // @ts-expect-error a misspelt tags is no custom field either
  const tag: ContactUpdateBodyFor<DefaultCustomFields['contact']> = { tag: { add: [{ name: 'Won', color: 'green' }] } };
  // @ts-expect-error Tier is a company's field, not a contact's
  const otherTarget: ContactUpdateBodyFor<DefaultCustomFields['contact']> = { Tier: 'Gold' };
  void [misspelt, wrongType, tag, otherTarget];
});

test('the vitest fixture exposes the same names', () => {
  expectTypeOf<FixtureCustomFields>().toEqualTypeOf<DefaultCustomFields>();
});
