import type { View } from '@network-org/spec/openapi';
import type { APIPromise } from '../core/api-promise';
import type { OperationBody, OperationQuery } from '../core/operations';
import { Page, type PagePromise } from '../core/pagination';
import type { RequestOptions } from '../core/request';
import { APIResource, withCursor } from '../core/resource';

export type ViewListQuery = OperationQuery<'listViews'>;
export type ViewCreateBody = OperationBody<'createView'>;

export class Views extends APIResource {
  list(query?: ViewListQuery, options?: RequestOptions): PagePromise<View> {
    return this.paginated(
      'listViews',
      (cursor) => (client, init) => client.GET('/v1/views', { params: { query: withCursor(query, cursor) }, ...init }),
      options,
      (data, response, load) => new Page(data.data.views, data.data.pagination, response, load),
    );
  }

  /** A contact view of specific contacts of the account. */
  create(body: ViewCreateBody, options?: RequestOptions): APIPromise<View> {
    return this.call(
      'createView',
      (client, init) => client.POST('/v1/views', { body, ...init }),
      options,
      (data) => data.data.view,
    );
  }
}
