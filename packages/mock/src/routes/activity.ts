import type { ActivityFilters } from '@network-org/spec/openapi';
import { selectActivity, type ActivitySelection } from '../activity/selection';
import { summarizeActivity } from '../activity/summary';
import { activityWindow, checkTimeZone, formatInstant } from '../activity/window';
import { badRequest } from '../engine/errors';
import { defineRoute, type RouteContext } from '../engine/router';
import type { ActivityEventRecord } from '../store/types';
import { activityEventWire } from '../wire/activity';

type ActivityContext = Pick<RouteContext<'getActivitySummary'>, 'store' | 'auth' | 'now' | 'query'>;

const unique = (values: readonly string[] | undefined): string[] => [...new Set(values ?? [])];

interface ActivityRequest {
  timezone: string;
  filters: ActivityFilters;
  events: ActivityEventRecord[];
}

/** Validates the filters both activity operations share and selects the events they describe. */
function resolveActivityRequest({ store, auth, now, query }: ActivityContext): ActivityRequest {
  if (query.tag !== undefined) {
    throw badRequest('The query parameter "tag" is reserved on activity endpoints: activity is not attributed to tags. Remove it.');
  }
  const organizationId = auth.organization.id;
  const accountIds = unique(query.account_id);
  for (const accountId of accountIds) {
    // Organization reporting covers every account of the organization; another organization's ids are unknown.
    if (store.directory.account(accountId)?.organization_id !== organizationId) {
      throw badRequest(`Unknown account_id "${accountId}": use an id from GET /v1/accounts.`);
    }
  }
  const userIds = unique(query.user_id);
  for (const userId of userIds) {
    if (store.directory.user(userId)?.organization_id !== organizationId) {
      throw badRequest(`Unknown user_id "${userId}": use the id of a user of your organization.`);
    }
  }
  const timezone = checkTimeZone(query.timezone);
  const window = activityWindow({ from: query.from, to: query.to, timezone }, now());
  const selection: ActivitySelection = {
    ...window,
    organization_id: organizationId,
    account_ids: accountIds,
    user_ids: userIds,
    event_types: unique(query.event_type),
    channels: unique(query.channel),
    sources: unique(query.source),
  };
  return {
    timezone,
    filters: {
      from: formatInstant(window.from),
      to: formatInstant(window.to),
      to_exclusive: true,
      account_ids: selection.account_ids.slice(),
      user_ids: selection.user_ids.slice(),
      event_types: selection.event_types.slice(),
      channels: selection.channels.slice(),
      sources: selection.sources.slice(),
      tag_attribution: 'unavailable',
    },
    events: selectActivity(store.activity.all(), selection),
  };
}

export const listActivity = defineRoute('listActivity', { admin: true }, (ctx) => {
  const { timezone, filters, events } = resolveActivityRequest(ctx);
  const page = ctx.paginate(events);
  return {
    status: 200,
    body: {
      data: {
        generated_at: formatInstant(ctx.now()),
        timezone,
        filters,
        activity: page.items.map(activityEventWire),
        pagination: page.pagination,
      },
    },
  };
});

export const getActivitySummary = defineRoute('getActivitySummary', { admin: true }, (ctx) => {
  const { timezone, filters, events } = resolveActivityRequest(ctx);
  return {
    status: 200,
    body: { data: { generated_at: formatInstant(ctx.now()), timezone, filters, ...summarizeActivity(events, timezone) } },
  };
});
