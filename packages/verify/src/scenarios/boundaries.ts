import type { ActivityEvent } from '@network-org/sdk';
import type { ScenarioContext } from '../context';
import { dataOf, expectWindow } from './activity-window';
import { itemsOf } from './lists';
import type { Scenario } from './scenario';

const HOUR_MS = 3_600_000;
const shifted = (instant: string, ms: number) => new Date(Date.parse(instant) + ms).toISOString();

/**
 * An event of the default window to put a bound on, and the events around it: the newest event whose instant no
 * other event of the page shares within the hour before it (so that the windows below hold a known set of events),
 * with every event of the two hours around it, read from a window wide enough to hold them all.
 */
async function boundaryEvent(t: ScenarioContext): Promise<{ event: ActivityEvent; around: ActivityEvent[] }> {
  const answer = await t.call('listActivity', { query: { limit: 200 } });
  if (!t.expectOk(answer)) return t.stop();
  const events = itemsOf(answer, 'listActivity');
  const event = events.find((candidate) => events.filter((other) => other.occurred_at === candidate.occurred_at).length === 1);
  if (!event) return t.skip('the organization has no activity in the default window');
  const wide = await t.call('listActivity', { query: { from: shifted(event.occurred_at, -2 * HOUR_MS), to: shifted(event.occurred_at, 2 * HOUR_MS), limit: 200 } });
  if (!t.expectOk(wide)) return t.stop();
  return { event, around: itemsOf(wide, 'listActivity') };
}

const inWindow = (events: ActivityEvent[], from: string, to: string) => events.filter((e) => Date.parse(e.occurred_at) >= Date.parse(from) && Date.parse(e.occurred_at) < Date.parse(to));

interface Bound {
  which: 'from' | 'to';
  /** The window whose bound is the event's own instant. */
  window(at: string): { from: string; to: string };
  title: string;
}

const BOUNDS: Bound[] = [
  { which: 'from', window: (at) => ({ from: at, to: shifted(at, HOUR_MS) }), title: 'inclusive at from: from equal to an event’s occurred_at holds that event' },
  { which: 'to', window: (at) => ({ from: shifted(at, -HOUR_MS), to: at }), title: 'exclusive at to: to equal to an event’s occurred_at leaves that event out' },
];

function listBound(bound: Bound): Scenario {
  return {
    id: `activity.window.boundary.${bound.which}`,
    operation: 'listActivity',
    behaviour: 'window',
    title: `the activity window is ${bound.title}; the events listed are those of a wider window inside [from, to)`,
    source: 'description: Endpoints',
    async run(t) {
      const { event, around } = await boundaryEvent(t);
      const window = bound.window(event.occurred_at);
      const answer = await t.call('listActivity', { query: { ...window, limit: 200 } });
      if (!t.expectOk(answer)) return;
      expectWindow(t, dataOf(answer)?.filters, window.from, window.to);
      const listed = itemsOf(answer, 'listActivity').map((e) => e.id);
      const note = `${bound.which}=${event.occurred_at}, the occurred_at of event ${event.id}`;
      t.check(listed.includes(event.id) === (bound.which === 'from'), { path: '$.data.activity[*].id', expected: bound.which === 'from' ? `event ${event.id} listed` : `event ${event.id} not listed`, actual: bound.which === 'from' ? 'not listed' : 'listed', note });
      t.equal('$.data.activity[*].id', listed, inWindow(around, window.from, window.to).map((e) => e.id), `${note}: the events of a window two hours wide around it, inside [from, to)`);
    },
  };
}

function summaryBound(bound: Bound): Scenario {
  return {
    id: `summary.window.boundary.${bound.which}`,
    operation: 'getActivitySummary',
    behaviour: 'window',
    title: `the activity summary's window is ${bound.title}: total_events counts the events of [from, to)`,
    source: 'description: Endpoints',
    async run(t) {
      const { event, around } = await boundaryEvent(t);
      const window = bound.window(event.occurred_at);
      const answer = await t.call('getActivitySummary', { query: window });
      if (!t.expectOk(answer)) return;
      expectWindow(t, dataOf(answer)?.filters, window.from, window.to);
      const note = `${bound.which}=${event.occurred_at}, the occurred_at of event ${event.id}: the events of the list's window two hours wide around it, inside [from, to), as GET /v1/activity lists them`;
      t.equal('$.data.total_events', dataOf(answer)?.total_events, inWindow(around, window.from, window.to).length, note);
    },
  };
}

export const boundaryScenarios: Scenario[] = [...BOUNDS.map(listBound), ...BOUNDS.map(summaryBound)];
