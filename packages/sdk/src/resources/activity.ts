import type { ActivityEvent, ActivityFilters, ActivitySummary } from '@network-org/spec/openapi';
import type { APIPromise } from '../core/api-promise';
import type { OperationQuery, PageExtras } from '../core/operations';
import { Page, type PagePromise } from '../core/pagination';
import type { RequestOptions } from '../core/request-options';
import { APIResource } from '../core/resource';

export type ActivityListQuery = OperationQuery<'listActivity'>;
export type ActivitySummaryQuery = OperationQuery<'getActivitySummary'>;

/** A page of activity events, with the normalized filters and time zone of the request (the payload's other fields). */
export class ActivityPage extends Page<ActivityEvent> implements PageExtras<'listActivity'> {
  declare readonly filters: ActivityFilters;
  declare readonly generated_at: string;
  declare readonly timezone: string;
}

export class Activity extends APIResource {
  /** Activity events in `[from, to)`, newest first. Organization admins only. */
  list(query?: ActivityListQuery, options?: RequestOptions): PagePromise<ActivityEvent, ActivityPage> {
    return this.paginated('listActivity', { query }, options, ActivityPage);
  }

  /** Counts of the events `list` gives for the same filters. Organization admins only. */
  summary(query?: ActivitySummaryQuery, options?: RequestOptions): APIPromise<ActivitySummary> {
    return this.call('getActivitySummary', { query }, options, ({ data }) => data);
  }
}
