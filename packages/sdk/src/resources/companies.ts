import type { CustomFieldValue, CompanyListItem } from '@network-org/spec/openapi';
import type { APIPromise } from '../core/api-promise';
import type { OperationBody, OperationQuery, UpdateBody, UpdateBodyFor } from '../core/operations';
import type { PagePromise } from '../core/pagination';
import type { RequestOptions } from '../core/request-options';
import { APIResource } from '../core/resource';

export type CompanyListQuery = OperationQuery<'listCompanies'>;
export type CompanyUpdateBody = OperationBody<'updateCompany'>;
/** A company update body for a dataset whose custom fields are known (name to value type): see `UpdateBodyFor`. */
export type CompanyUpdateBodyFor<Fields extends Record<string, CustomFieldValue>> = UpdateBodyFor<'updateCompany', Fields>;

export class Companies extends APIResource {
  /** Companies of the requested accounts' contacts, or of a contact view's contacts (`view_id`). */
  list(query?: CompanyListQuery, options?: RequestOptions): PagePromise<CompanyListItem> {
    return this.paginated('listCompanies', { query }, options);
  }

  /**
   * Changes tags, notes and custom fields (keys other than account_id, tags, notes_json, each a registered field's
   * name with a `string | number | boolean | null` value; null clears it).
   */
  update<B extends UpdateBody<'updateCompany', B>>(companyId: string, body: B, options?: RequestOptions): APIPromise<CompanyListItem> {
    return this.call('updateCompany', { path: { company_id: companyId }, body }, options, ({ data }) => data.company);
  }
}
