import { createMockApi, type SeedContactInput } from '@network-org/mock';
import type { Contact } from '@network-org/sdk';
import { expectTypeOf, test } from 'vitest';

const mock = createMockApi();

test('seed inputs are closed: a misspelt field is a compile error, custom field values go under custom_fields', () => {
  mock.seed.contact({ account_id: '101', first_name: 'Ada', custom_fields: { 'Deal stage': 'Won', 'Lead score': 3, 'Is customer': null } });
  mock.seed.company({ account_id: '101', name: 'Orbital Tea', custom_fields: { Tier: 'SMB' } });

  // @ts-expect-error "frist_name" is a misspelling of first_name
  mock.seed.contact({ account_id: '101', frist_name: 'Ada' });
  // @ts-expect-error a custom field value is not a top-level key of the input
  mock.seed.contact({ account_id: '101', 'Deal stage': 'Won' });
  // @ts-expect-error custom field values are strings, numbers, booleans or null
  mock.seed.contact({ account_id: '101', custom_fields: { 'Deal stage': ['Won'] } });
  // @ts-expect-error contact_id is derived by the mock
  mock.seed.contact({ account_id: '101', contact_id: '42' });
  // @ts-expect-error account_id is required
  mock.seed.contact({ first_name: 'Ada' });
  // @ts-expect-error "nmae" is a misspelling of name
  mock.seed.company({ account_id: '101', nmae: 'Orbital Tea' });
  // @ts-expect-error a view selects contact_ids or a tag, not tags
  mock.seed.view({ account_id: '101', name: 'Follow-ups', tags: ['x'] });
  // @ts-expect-error messages take text, direction and sent_at
  mock.seed.conversation({ account_id: '101', contact_ids: ['1'], messages: [{ body: 'hi' }] });
  // @ts-expect-error "kind" is member or company
  mock.seed.networkProfile({ handle: 'ada', kind: 'person' });
  // @ts-expect-error "type" is string, number or boolean
  mock.seed.customField({ target: 'contact', name: 'Mood', type: 'date' });
});

test('each seed returns the record as the API shows it', () => {
  expectTypeOf(mock.seed.contact({ account_id: '101' })).toEqualTypeOf<Contact>();
  expectTypeOf<SeedContactInput['custom_fields']>().toEqualTypeOf<Record<string, string | number | boolean | null> | undefined>();
});
