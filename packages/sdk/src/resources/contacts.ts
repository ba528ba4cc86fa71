import type { CustomFieldValue, Contact, ContactListItem, ContactWithEnrichment, ImportWarning, UpdatedContact } from '@network-org/spec/openapi';
import type { APIPromise } from '../core/api-promise';
import type { OperationBody, OperationQuery, UpdateBody, UpdateBodyFor } from '../core/operations';
import type { PagePromise } from '../core/pagination';
import type { RequestOptions } from '../core/request-options';
import { APIResource } from '../core/resource';

export type ContactListQuery = OperationQuery<'listContacts'>;
export type ContactImportBody = OperationBody<'importContact'>;
export type ContactUpdateBody = OperationBody<'updateContact'>;
/** A contact update body for a dataset whose custom fields are known (name to value type): see `UpdateBodyFor`. */
export type ContactUpdateBodyFor<Fields extends Record<string, CustomFieldValue>> = UpdateBodyFor<'updateContact', Fields>;
export type ContactFindEmailBody = OperationBody<'findContactEmail'>;

export interface ContactImportResult {
  contact: Contact;
  warnings: ImportWarning[];
  /** True when the contact was imported and attached for the first time (201), false when already attached (200). */
  created: boolean;
}

export class Contacts extends APIResource {
  /** Contacts of the requested accounts (all usable accounts when `account_id` is absent). */
  list(query?: ContactListQuery, options?: RequestOptions): PagePromise<ContactListItem> {
    return this.paginated('listContacts', { query }, options);
  }

  /** Imports the profile at `network_url` into the account. */
  import(body: ContactImportBody, options?: RequestOptions): APIPromise<ContactImportResult> {
    return this.call('importContact', { body }, options, ({ data }, response) => ({
      contact: data.contact,
      warnings: data.warnings,
      created: response.status === 201,
    }));
  }

  /**
   * Changes tags, notes and custom fields (keys other than account_id, tags, notes_json, each a registered field's
   * name with a `string | number | boolean | null` value; null clears it).
   */
  update<B extends UpdateBody<'updateContact', B>>(contactId: string, body: B, options?: RequestOptions): APIPromise<UpdatedContact> {
    return this.call('updateContact', { path: { contact_id: contactId }, body }, options, ({ data }) => data.contact);
  }

  /** Looks up the contact's work e-mail; the result is in `contact_enrichment.work_email`. */
  findEmail(contactId: string, body: ContactFindEmailBody, options?: RequestOptions): APIPromise<ContactWithEnrichment> {
    return this.call('findContactEmail', { path: { contact_id: contactId }, body }, options, ({ data }) => data.contact);
  }
}
