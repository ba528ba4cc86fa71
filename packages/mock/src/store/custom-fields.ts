import type { VersionedStorage } from './storage';
import type { CustomFieldRecord, CustomFieldTarget } from './types';

/** The custom fields each organization registered for its contacts and companies. */
export class CustomFields {
  constructor(private readonly storage: VersionedStorage) {}

  all(): readonly CustomFieldRecord[] {
    return this.storage.data.customFields;
  }

  of(organizationId: number, target: CustomFieldTarget): CustomFieldRecord[] {
    return this.storage.data.customFields.filter((field) => field.organization_id === organizationId && field.target === target);
  }

  find(organizationId: number, target: CustomFieldTarget, name: string): CustomFieldRecord | undefined {
    return this.storage.data.customFields.find(
      (field) => field.organization_id === organizationId && field.target === target && field.name === name,
    );
  }

  add(field: CustomFieldRecord): void {
    this.storage.own('customFields').push({ ...field });
    this.storage.commit();
  }
}
