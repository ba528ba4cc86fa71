// Date-only bounds are read in `timezone`; `to` is exclusive (a date-only `to` means "up to the end of that day").
const activity = await client.activity.list({
  from: '2026-01-05',
  to: '2026-01-11',
  timezone: 'America/New_York',
  event_type: ['message_sent'],
  limit: 100,
});
console.log(activity.filters.from, activity.filters.to, activity.timezone, activity.items[0]?.event_type);

const summary = await client.activity.summary({ from: '2026-01-05', to: '2026-01-11', timezone: 'America/New_York' });
console.log(summary.total_events, summary.by_day, summary.by_event_type);
