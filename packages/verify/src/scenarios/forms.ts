import type { OperationId } from '@network-org/sdk';
import { operationDocs } from '@network-org/spec/docs';
import { operationRoutes } from '@network-org/spec/routes';
import type { ScenarioContext } from '../context';
import type { Answer } from '../call';
import { compact } from '../check/schema';
import { isPaged, LISTS } from '../lists';
import { ACTIVITY_FILTERS, dataOf } from './activity-window';
import { itemsOf } from './lists';
import type { Scenario } from './scenario';

type Input = { name: string; in: string; type: string };

/**
 * Every query array the spec documents, by operation: the endpoints' rule that query arrays may be repeated or
 * comma-separated applies to each. Read from the spec, so that a new array parameter gets its scenario by itself.
 */
export const QUERY_ARRAYS: { operation: OperationId; param: string }[] = (Object.keys(operationDocs) as OperationId[]).flatMap((operation) =>
  (operationDocs[operation].inputs as readonly Input[]).filter((input) => input.in === 'query' && input.type === 'array').map((input) => ({ operation, param: input.name })),
);

/** The activity event field a query array of the activity endpoints selects on. */
const EVENT_FIELD = new Map(ACTIVITY_FILTERS.map((filter) => [filter.param, filter]));

/** Two values of the parameter that the target holds (the most common first), so that each form selects something. */
async function twoValues(t: ScenarioContext, param: string): Promise<string[]> {
  if (param === 'account_id') {
    const accounts = (await t.facts.accounts()).map((account) => account.account_id);
    return accounts.length >= 2 ? accounts.slice(0, 2) : t.skip('the key can use a single account: two values are needed to join');
  }
  const filter = EVENT_FIELD.get(param);
  if (!filter) return t.skip(`verify knows no values of ${param} to send`);
  const answer = await t.call('listActivity', { query: { limit: 200 } });
  if (!t.expectOk(answer)) return t.stop();
  const counts = new Map<string, number>();
  for (const event of itemsOf(answer, 'listActivity')) counts.set(String(event[filter.field]), (counts.get(String(event[filter.field])) ?? 0) + 1);
  const values = [...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).map(([value]) => value);
  return values.length >= 2 ? values.slice(0, 2) : t.skip(`the default window's events have fewer than two values of ${filter.field}`);
}

/** What an answer selected: the items' identities in order for a list, the counts for the summary. */
function selected(operation: OperationId, answer: Answer): unknown {
  if (isPaged(operation)) return itemsOf(answer, operation).map((item) => (item as Record<string, unknown>)[LISTS[operation].identity]);
  // The echo is compared apart, as a set: it may keep the order the values were given in.
  const { generated_at: _, filters: __, ...rest } = (dataOf(answer) ?? {}) as Record<string, unknown>;
  return rest;
}

const ACTIVITY = new Set<OperationId>(['listActivity', 'getActivitySummary']);

function commaForm({ operation, param }: { operation: OperationId; param: string }): Scenario {
  const route = operationRoutes[operation];
  return {
    id: `forms.comma-separated.${operation}.${param.replace(/_/g, '-')}`,
    operation,
    behaviour: 'filter',
    title: `${route.method} ${route.path}: ${param} with two values comma-separated (${param}=b,a) is the same answer as the values repeated (${param}=a&${param}=b) (query arrays: repeat the parameter; comma-separated values are also accepted)`,
    source: 'description: Endpoints',
    async run(t) {
      const values = await twoValues(t, param);
      const query = { ...(isPaged(operation) && { limit: operation === 'listActivity' ? 200 : 25 }), [param]: values };
      const repeated = await t.call(operation, { query });
      if (!t.expectOk(repeated)) return;
      // The values in the other order: a service that read only the first of them cannot give the same answer.
      const joined = await t.call(operation, { query: { ...query, [param]: [...values].reverse() }, commaSeparated: [param] });
      if (!t.expectOk(joined)) return;
      const note = `${param}=${[...values].reverse().join(',')} against ${values.map((value) => `${param}=${value}`).join('&')}`;
      const [first, second] = [selected(operation, repeated), selected(operation, joined)];
      if (isPaged(operation)) t.equal(`$.data.${LISTS[operation].items}[*].${LISTS[operation].identity}`, second, first, note);
      else for (const key of new Set([...Object.keys(first as object), ...Object.keys(second as object)])) t.equal(`$.data.${key}`, (second as Record<string, unknown>)[key], (first as Record<string, unknown>)[key], note);
      const filter = ACTIVITY.has(operation) ? EVENT_FIELD.get(param) : undefined;
      if (filter) {
        const echoed = dataOf(joined)?.filters?.[filter.echo];
        t.check(Array.isArray(echoed) && values.every((value) => echoed.includes(value)) && echoed.length === values.length, { path: `$.data.filters.${filter.echo}`, expected: compact(values), actual: compact(echoed), note });
      }
    },
  };
}

export const formScenarios: Scenario[] = QUERY_ARRAYS.map(commaForm);
