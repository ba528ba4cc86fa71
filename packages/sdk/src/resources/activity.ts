import type { ActivityEvent, ActivityFilters, ActivitySummary, operations } from '@network-org/spec/openapi';
import type { APIPromise } from '../core/api-promise';
import type { OperationQuery } from '../core/operations';
import { Page, type PagePromise, type PageSource } from '../core/pagination';
import type { RequestOptions } from '../core/request';
import { APIResource } from '../core/resource';

export type ActivityListQuery = OperationQuery<'listActivity'>;
export type ActivitySummaryQuery = OperationQuery<'getActivitySummary'>;
type ActivityListData = operations['listActivity']['responses'][200]['content']['application/json']['data'];

/** A page of activity events, with the normalized filters and time zone of the request. */
export class ActivityPage extends Page<ActivityEvent> {
  declare readonly filters: ActivityFilters;
  declare readonly generated_at: string;
  declare readonly timezone: string;

  constructor(data: ActivityListData, response: Response, source: PageSource<ActivityPage>) {
    super(data.activity, data.pagination, response, source);
    this.filters = data.filters;
    this.generated_at = data.generated_at;
    this.timezone = data.timezone;
  }
}

export class Activity extends APIResource {
  /** Activity events in `[from, to)`, newest first. Organization admins only. */
  list(query?: ActivityListQuery, options?: RequestOptions): PagePromise<ActivityEvent, ActivityPage> {
    return this.paginated(
      'listActivity',
      { method: 'GET', path: '/v1/activity', query },
      options,
      (data, response, source) => new ActivityPage(data.data, response, source),
    );
  }

  /** Counts of the events `list` gives for the same filters. Organization admins only. */
  summary(query?: ActivitySummaryQuery, options?: RequestOptions): APIPromise<ActivitySummary> {
    return this.call(
      'getActivitySummary',
      { method: 'GET', path: '/v1/activity/summary', query: { ...query } },
      options,
      (data) => data.data,
    );
  }
}
