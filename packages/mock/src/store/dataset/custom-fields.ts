import { DEAL_STAGES, PRIORITIES, TIERS } from '../fixtures';
import type { CustomFieldRecord, CustomFieldValue, OrganizationRecord } from '../types';
import type { BuildContext } from './context';
import type { FixtureOrganizations } from './organizations';

/** The custom fields an account's records draw values for, by target. */
export interface AccountFields {
  contact: CustomFieldRecord[];
  company: CustomFieldRecord[];
}

export interface FixtureFields {
  acme: AccountFields;
  globex: AccountFields;
  initech: AccountFields;
}

/** Registers the organizations' custom fields (the names `DefaultCustomFields` types). */
export function registerFields(b: BuildContext, { acme, globex, initech }: FixtureOrganizations): FixtureFields {
  const contactFields = (organization: OrganizationRecord, fields: [string, CustomFieldRecord['type']][]) =>
    fields.map(([name, type]) => ({ organization_id: organization.id, target: 'contact' as const, name, type }));
  const acmeContactFields = contactFields(acme, [['Deal stage', 'string'], ['Lead score', 'number'], ['Is customer', 'boolean']]);
  const acmeCompanyFields: CustomFieldRecord[] = [{ organization_id: acme.id, target: 'company', name: 'Tier', type: 'string' }];
  const globexContactFields = contactFields(globex, [['Priority', 'string']]);
  const initechContactFields = contactFields(initech, [['Deal stage', 'string']]);
  for (const field of [...acmeContactFields, ...acmeCompanyFields, ...globexContactFields, ...initechContactFields]) b.store.customFields.add(field);
  return {
    acme: { contact: acmeContactFields, company: acmeCompanyFields },
    globex: { contact: globexContactFields, company: [] },
    initech: { contact: initechContactFields, company: [] },
  };
}

/** A value of `field` for a record: a number, a flag or one of the field's catalog of texts. */
export function fieldValue(b: BuildContext, field: CustomFieldRecord): CustomFieldValue {
  if (field.type === 'number') return b.random.int(0, 100);
  if (field.type === 'boolean') return b.random.chance(0.5);
  if (field.name === 'Tier') return b.random.pick(TIERS);
  if (field.name === 'Priority') return b.random.pick(PRIORITIES);
  return b.random.pick(DEAL_STAGES);
}
