/**
 * The custom fields the default dataset registers (docs/dataset.md; `mock.customFields()` of a mock with the default
 * options, whatever its seed or `now`), by target, each name with its value's type, over every organization. A test
 * written for the default dataset types a PATCH body with them, so that a misspelt name does not compile:
 * `const body: ContactUpdateBodyFor<DefaultCustomFields['contact']> = { 'Deal stage': 'won' }` (`@network-org/sdk`).
 * A dataset of your own (`seed.customField`, a snapshot, a state file) registers its own names: type them likewise.
 */
export interface DefaultCustomFields {
  contact: { 'Deal stage': string; 'Lead score': number; 'Is customer': boolean; Priority: string };
  company: { Tier: string };
}
