import type { View } from '@network-org/spec/openapi';
import type { APIPromise } from '../core/api-promise';
import type { OperationBody, OperationQuery } from '../core/operations';
import type { PagePromise } from '../core/pagination';
import type { RequestOptions } from '../core/request';
import { APIResource } from '../core/resource';

export type ViewListQuery = OperationQuery<'listViews'>;
export type ViewCreateBody = OperationBody<'createView'>;

export class Views extends APIResource {
  list(query?: ViewListQuery, options?: RequestOptions): PagePromise<View> {
    return this.paginated('listViews', { method: 'GET', path: '/v1/views', query }, options, 'views');
  }

  /** A contact view of specific contacts of the account. */
  create(body: ViewCreateBody, options?: RequestOptions): APIPromise<View> {
    return this.call(
      'createView',
      { method: 'POST', path: '/v1/views', body },
      options,
      (data) => data.data.view,
    );
  }
}
