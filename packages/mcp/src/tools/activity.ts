import { defineTools } from './tool';

const ADMIN_ONLY = 'Admin keys only (others get forbidden).';

/** The window and filters both activity tools take, in an agent's terms (the spec's speak of the wire). */
const window = {
  from: 'Start: YYYY-MM-DD or RFC 3339; default 30 days before to.',
  to: 'End: YYYY-MM-DD (included) or RFC 3339 (excluded); default now.',
  timezone: 'IANA time zone of dates and days, e.g. Europe/Paris.',
  user_id: 'User ids (owner_user_id of list_accounts).',
  event_type: 'Event types.',
  channel: 'Channels, e.g. network_message.',
  source: 'Sources, e.g. canonical_messages.',
};

export const activityTools = defineTools(
  {
    operationId: 'listActivity',
    toolset: 'activity',
    description: `The team's activity events (messages, replies, invitations) in a window, newest first. ${ADMIN_ONLY} For counts, use get_activity_summary.`,
    describe: { ...window, limit: 'Events per page: 1 to 200 (outside is refused); default 50.' },
    // The service reserves `tag`: passing it always answers 400.
    omit: ['tag'],
    projection: {
      fields: { id: true, occurred_at: true, event_type: true, channel: true, source: true, user_id: true, account_id: true, subject_key: true },
    },
  },
  {
    operationId: 'getActivitySummary',
    toolset: 'activity',
    description: `Counts of the activity events in a window: total, and by event type, channel, source, day, user and account. ${ADMIN_ONLY} A week: from 2026-03-10, to 2026-03-16.`,
    describe: window,
    omit: ['tag'],
    label: 'activity summary',
  },
);
