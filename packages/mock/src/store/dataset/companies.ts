import { TAG_CATALOG } from '../fixtures';
import type { AccountRecord, CustomFieldRecord } from '../types';
import type { BuildContext } from './context';
import { fieldValue } from './custom-fields';

/** Tags, notes and custom field values on some of the company records an account's contacts brought in. */
export function fillCompanies(b: BuildContext, account: AccountRecord, fields: CustomFieldRecord[]): void {
  for (const company of b.store.companies.ofAccount(account.account_id)) {
    b.store.companies.edit(company, (copy) => {
      if (b.random.chance(0.3)) copy.tags = b.random.sample(TAG_CATALOG, 1).map((tag) => ({ ...tag }));
      if (b.random.chance(0.2)) copy.notes_json = JSON.stringify([{ text: b.random.pick(b.store.pools.noteTexts) }]);
      for (const field of fields) {
        if (b.random.chance(0.5)) copy.custom_fields.set(field.name, fieldValue(b, field));
      }
    });
  }
}
