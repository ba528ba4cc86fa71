import type { ActivityListQuery, ActivitySummaryQuery } from '@network-org/sdk';
import { defineTools } from './tool';

const ADMIN_ONLY = 'Admin only: with a non-admin key it fails with `forbidden`; do not retry then.';

export const activityTools = defineTools(
  {
    operationId: 'listActivity',
    guidance: `${ADMIN_ONLY} For counts, prefer get_activity_summary: one call instead of paging through events.`,
    list: {
      key: 'activity',
      projection: {
        fields: { id: true, occurred_at: true, event_type: true, channel: true, source: true, user_id: true, account_id: true, subject_key: true },
      },
    },
    call: async (client, args, options) => {
      const page = await client.activity.list(args.query as ActivityListQuery, options);
      return { items: page.items, pagination: page.pagination, extra: { timezone: page.timezone, filters: page.filters } };
    },
  },
  {
    operationId: 'getActivitySummary',
    guidance: `${ADMIN_ONLY} Use it for reports (e.g. a week: from=YYYY-MM-DD, to=YYYY-MM-DD of the day after, timezone).`,
    record: { key: 'summary', label: 'activity summary' },
    call: async (client, args, options) => client.activity.summary(args.query as ActivitySummaryQuery, options),
  },
);
