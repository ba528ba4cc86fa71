import { createMockApi, type DefaultCustomFields } from '@network-org/mock';
import { expect, it } from 'vitest';

type TypeName<Value> = Value extends string ? 'string' : Value extends number ? 'number' : 'boolean';
type Registered = { [Target in keyof DefaultCustomFields]: { [Name in keyof DefaultCustomFields[Target]]-?: TypeName<DefaultCustomFields[Target][Name]> } };

// Written as the type says, key for key (a name the type lacks, or one it has and this lacks, does not compile).
const typed: Registered = {
  contact: { 'Deal stage': 'string', 'Lead score': 'number', 'Is customer': 'boolean', Priority: 'string' },
  company: { Tier: 'string' },
};

it.each([1, 7])('DefaultCustomFields names every custom field the default dataset registers, with its type (seed %i)', (seed) => {
  const { organizations } = createMockApi({ seed }).customFields();
  for (const target of ['contact', 'company'] as const) {
    const registered = Object.fromEntries(organizations.flatMap((organization) => organization[target].map(({ name, type }) => [name, type])));
    expect(registered).toEqual(typed[target]);
  }
});
