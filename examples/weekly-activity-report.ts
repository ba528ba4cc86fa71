// A weekly activity report for a team in its time zone, as a table in the terminal.
//   pnpm tsx weekly-activity-report.ts [--timezone America/New_York] [--week 2026-01-05]
// --week is the first day (YYYY-MM-DD) of the seven local days reported; default: the week before the latest
// full day. Requires an admin key.
import { main, parseArgs, stringArg } from './lib/args';
import { connect } from './lib/connect';
import { table } from './lib/terminal';

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

main(async () => {
  const args = parseArgs();
  const { client, mock, describe, close } = connect();
  try {
    const timezone = stringArg(args, 'timezone') ?? 'America/New_York';
    const today = (mock ? new Date(mock.db.now) : new Date()).toISOString().slice(0, 10);
    const from = stringArg(args, 'week') ?? addDays(today, -7);
    const to = addDays(from, 6); // date-only `to` is inclusive of that local day: the API advances it to the next midnight
    const days = Array.from({ length: 7 }, (_, i) => addDays(from, i));

    // Date-only bounds are read in `timezone`, so the week is the team's local week, DST included.
    const summary = await client.activity.summary({ from, to, timezone });
    const owners = new Map((await client.accounts.list()).map((a) => [a.owner_user_id, a.display_name]));
    const users = Object.keys(summary.by_user).sort((a, b) => summary.by_user[b]! - summary.by_user[a]!);

    const rows: Array<Array<string | number>> = [];
    for (const user_id of users) {
      const perUser = await client.activity.summary({ from, to, timezone, user_id: [user_id] });
      rows.push([owners.get(user_id) ?? `user ${user_id}`, ...days.map((day) => perUser.by_day[day] ?? 0), perUser.total_events]);
    }
    rows.push(['All', ...days.map((day) => summary.by_day[day] ?? 0), summary.total_events]);

    const weekday = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' });
    console.log(`Activity ${from} to ${to} (${timezone}), ${describe}`);
    console.log(`window: [${summary.filters.from}, ${summary.filters.to})`);
    console.log(table(['User', ...days.map((d) => `${weekday(d)} ${d.slice(5)}`), 'Total'], rows));
    console.log('');
    console.log(table(['Event type', 'Events'], Object.entries(summary.by_event_type).sort(([a], [b]) => a.localeCompare(b))));
  } finally {
    close();
  }
});
