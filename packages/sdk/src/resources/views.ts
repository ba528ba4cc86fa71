import type { CreatedView, View } from '@network-org/spec/openapi';
import type { APIPromise } from '../core/api-promise';
import type { OperationBody, OperationQuery } from '../core/operations';
import type { PagePromise } from '../core/pagination';
import type { RequestOptions } from '../core/request-options';
import { APIResource } from '../core/resource';

export type ViewListQuery = OperationQuery<'listViews'>;
export type ViewCreateBody = OperationBody<'createView'>;

export class Views extends APIResource {
  list(query?: ViewListQuery, options?: RequestOptions): PagePromise<View> {
    return this.paginated('listViews', { query }, options);
  }

  /** A contact view of specific contacts of the account. */
  create(body: ViewCreateBody, options?: RequestOptions): APIPromise<CreatedView> {
    return this.call('createView', { body }, options, ({ data }) => data.view);
  }
}
