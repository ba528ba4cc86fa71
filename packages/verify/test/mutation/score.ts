import type { MockApi } from '@network-org/mock';
import type { OperationId } from '@network-org/sdk';
import { VerifyUsageError, type VerifyOptions } from '@network-org/verify';
import type { ScenarioResult } from '../../src/report/types';
import { runSuite } from '../../src/run';
import { scenarios as allScenarios, type Scenario } from '../../src/scenarios/index';
import type { Mutation } from '../drift/proxy';
import { type Generated, generate, MUTATION_CLASSES, type MutationClass } from './generate';
import { mutatingFetch, type Observed, type SeenAnswer } from './harness';

const MEMBER_KEY = 'sk_test_member';

/**
 * How a drift came out: caught by a scenario that names the drifted operation (and its path, for a drift of one
 * field); noticed by verify, but under another operation or path (a difference elsewhere, verify refusing to start,
 * verify failing on its own); missed; or not reached.
 */
export interface MutationResult {
  mutation: Generated;
  outcome: 'caught' | 'wrongly named' | 'missed' | 'not reached';
  /** The scenario that caught it and how (`differ`, `error`), or `refused` when verify stopped at its start checks. */
  by?: { scenario: string; operation: OperationId; behaviour: string; how: 'differ' | 'error' | 'refused'; detail: string };
}

/**
 * What the suite does without drifts: the mock's answers to each scenario run on its own. The rate-limit probe runs
 * against `limited`, a mock whose budget is small, so that its 429 and Retry-After are there to drift.
 */
export interface Baseline {
  answers: Map<string, SeenAnswer[]>;
  limited: MockApi;
}

/**
 * The probe's run ends here: it waits out the Retry-After it saw (up to the service's window) so that the scenarios
 * after it are not slowed, and a drift has no scenarios after it. The limited mock's 429 comes within a few requests.
 */
const PROBE_RUN_MS = 3_000;

const probes = (scenario: Scenario) => scenario.needs?.includes('probe') === true;

let sessions = 0;

/** One run of `scenarios` against a fresh session of `mock`, through `mutation`; ends at the first scenario that differs. */
async function runThrough(mock: MockApi, scenarios: readonly Scenario[], mutation: Mutation | undefined, stopAt: (result: ScenarioResult) => boolean) {
  const probe = scenarios.some(probes);
  const name = `mutation-${++sessions}`;
  const session = mock.session(name);
  const observed: Observed = { operations: new Set(), answers: [], reached: false };
  const options: VerifyOptions = {
    baseUrl: 'https://api.network.test',
    apiKey: mock.keys.admin,
    memberKey: MEMBER_KEY,
    allowWrites: true,
    allowCredits: true,
    rateLimit: false,
    timeoutMs: 5_000,
    fetch: mutatingFetch(session, mutation, observed),
    ...(probe && { probeRateLimit: true, maxDurationMs: PROBE_RUN_MS }),
  };
  try {
    const { report } = await runSuite(options, scenarios, stopAt);
    return { report, observed, refused: undefined };
  } catch (error) {
    if (error instanceof VerifyUsageError) return { report: undefined, observed, refused: error.message };
    throw error;
  } finally {
    mock.dropSession(name);
  }
}

/** Each scenario alone, without drifts: which operations it asks (its facts included), and the mock's answers. */
export async function baseline(mock: MockApi, limited: MockApi): Promise<Baseline> {
  const answers = new Map<string, SeenAnswer[]>();
  for (const scenario of allScenarios) {
    const { report, observed } = await runThrough(probes(scenario) ? limited : mock, [scenario], undefined, () => false);
    const result = report?.scenarios[0];
    if (!result || result.outcome === 'differ' || result.outcome === 'error') {
      throw new Error(`${scenario.id} does not agree with the mock on its own: ${JSON.stringify(result)}`);
    }
    answers.set(scenario.id, observed.answers);
  }
  return { answers, limited };
}

/** Every drift, generated from the spec and the baseline's answers. */
export function mutationsOf(mock: MockApi, base: Baseline): Generated[] {
  return generate([...base.answers.values()].flat(), { admin: mock.keys.admin, member: MEMBER_KEY });
}

/** One of the mock's answers as text: the same request answered the same in two scenarios is judged once per drift. */
const answerKeys = new WeakMap<SeenAnswer, string>();
function keyOf(answer: SeenAnswer): string {
  let key = answerKeys.get(answer);
  if (key === undefined) {
    const { request } = answer;
    key = `${request.method} ${request.url.href} ${JSON.stringify(request.headers)} ${JSON.stringify(request.body)} ${answer.status} ${JSON.stringify(answer.body)}`;
    answerKeys.set(answer, key);
  }
  return key;
}

/** Whether the drift changes this answer of the mock (or its request); true for drifts that ask the mock again. */
function changesOne(mutation: Generated, answer: SeenAnswer): boolean {
  if (mutation.touches) return mutation.touches(answer);
  if (mutation.request) {
    const request = { ...answer.request, url: new URL(answer.request.url), headers: { ...answer.request.headers }, body: structuredClone(answer.request.body) };
    mutation.request(request);
    return request.url.href !== answer.request.url.href || JSON.stringify(request.headers) !== JSON.stringify(answer.request.headers) || JSON.stringify(request.body) !== JSON.stringify(answer.request.body);
  }
  if (mutation.answer && mutation.answer.length < 3) {
    const copy = { status: answer.status, headers: { 'content-type': 'application/json' }, body: structuredClone(answer.body), text: '' };
    void mutation.answer(copy, answer.request, () => Promise.reject(new Error('no upstream')));
    return copy.status !== answer.status || copy.headers['content-type'] !== 'application/json' || JSON.stringify(copy.body) !== JSON.stringify(answer.body);
  }
  return true;
}

/** Whether the drift changes any of the mock's answers in `answers`, each distinct answer judged once (`judged`). */
function changes(mutation: Generated, answers: readonly SeenAnswer[], judged: Map<string, boolean>): boolean {
  return answers.some((answer) => {
    if (answer.operation !== mutation.operation) return false;
    const key = keyOf(answer);
    let changed = judged.get(key);
    if (changed === undefined) judged.set(key, (changed = changesOne(mutation, answer)));
    return changed;
  });
}

/**
 * The scenarios that named earlier drifts of a class and operation: a drift runs them first, as drifts of one kind
 * are mostly named by the same scenario. Only the order changes: every scenario that asks the operation still runs
 * until one names the drift.
 */
export class Catchers {
  readonly #by = new Map<string, Map<string, number>>();

  #group = (mutation: Generated) => `${mutation.class} ${mutation.operation}`;

  /** How many earlier drifts of the drift's class and operation `scenario` named. */
  count(mutation: Generated, scenario: string): number {
    return this.#by.get(this.#group(mutation))?.get(scenario) ?? 0;
  }

  note(result: MutationResult): void {
    if (result.outcome !== 'caught' || !result.by) return;
    const group = this.#group(result.mutation);
    const counts = this.#by.get(group) ?? new Map<string, number>();
    counts.set(result.by.scenario, (counts.get(result.by.scenario) ?? 0) + 1);
    this.#by.set(group, counts);
  }
}

/**
 * How one drift runs: the scenarios that ask its operation, those whose own answers it changes first (among them,
 * those that named drifts of its class and operation before, then those of its operation). A drift that changes
 * only the rate-limit probe's answers runs the probe alone, against the limited mock. Undefined: the drift changes
 * none of the mock's answers to the suite, and is not reached without a run (the run would be the suite's own).
 */
function plan(mock: MockApi, base: Baseline, mutation: Generated, catchers: Catchers): { mock: MockApi; scenarios: Scenario[] } | undefined {
  const judged = new Map<string, boolean>();
  const asking = allScenarios
    .map((scenario, index) => {
      const answers = base.answers.get(scenario.id) ?? [];
      return { scenario, index, asks: answers.some((answer) => answer.operation === mutation.operation), changed: changes(mutation, answers, judged), named: catchers.count(mutation, scenario.id) };
    })
    .filter((entry) => entry.asks);
  const reaching = asking.filter((entry) => entry.changed);
  if (reaching.length === 0) return undefined;
  if (reaching.every((entry) => probes(entry.scenario))) return { mock: base.limited, scenarios: reaching.map((entry) => entry.scenario) };
  const ordered = asking
    .filter((entry) => !probes(entry.scenario))
    .sort((a, b) => Number(b.changed) - Number(a.changed) || b.named - a.named || Number(b.scenario.operation === mutation.operation) - Number(a.scenario.operation === mutation.operation) || a.index - b.index);
  return { mock, scenarios: ordered.map((entry) => entry.scenario) };
}

/** Runs one drift in a fresh session, until a scenario names it. */
export async function runMutation(mock: MockApi, base: Baseline, mutation: Generated, catchers = new Catchers()): Promise<MutationResult> {
  const planned = plan(mock, base, mutation, catchers);
  if (!planned) return { mutation, outcome: 'not reached' };
  const result = await outcomeOf(planned.mock, planned.scenarios, mutation);
  catchers.note(result);
  return result;
}

/**
 * Runs drifts one after the other, in their order, but those of the rate-limit probe first and side by side: each
 * waits for the probe's window in its own session of the limited mock, which costs time and no work, and alone they
 * get their 429 well within the run's cap.
 */
export async function runMutations(mock: MockApi, base: Baseline, mutations: readonly Generated[]): Promise<MutationResult[]> {
  const probing = new Map<Generated, MutationResult>();
  const probeAnswers = allScenarios.filter(probes).flatMap((scenario) => base.answers.get(scenario.id) ?? []);
  await Promise.all(
    mutations.map(async (mutation) => {
      // Only a drift that changes the probe's answers may change nothing else: the others are planned once, below.
      if (!changes(mutation, probeAnswers, new Map())) return;
      const planned = plan(mock, base, mutation, new Catchers());
      if (planned?.mock === base.limited) probing.set(mutation, await outcomeOf(planned.mock, planned.scenarios, mutation));
    }),
  );
  const catchers = new Catchers();
  const results: MutationResult[] = [];
  for (const mutation of mutations) results.push(probing.get(mutation) ?? (await runMutation(mock, base, mutation, catchers)));
  return results;
}

async function outcomeOf(mock: MockApi, ordered: readonly Scenario[], mutation: Generated): Promise<MutationResult> {
  const { report, observed, refused } = await runThrough(mock, ordered, mutation, (result) => names(result, mutation));
  if (refused !== undefined) {
    // The checks before the run read the organization and the accounts: a refusal names those operations only.
    const outcome = mutation.operation === 'listOrganizations' || mutation.operation === 'listAccounts' ? 'caught' : 'wrongly named';
    return { mutation, outcome, by: { scenario: '(start)', operation: mutation.operation, behaviour: 'start', how: 'refused', detail: refused } };
  }
  const naming = report?.scenarios.find((s) => names(s, mutation));
  const noticing = naming ?? report?.scenarios.find((s) => s.outcome === 'differ' || s.outcome === 'error');
  if (noticing) {
    const first = noticing.differences[0];
    const detail = noticing.outcome === 'error' ? (noticing.reason ?? '') : first ? `${first.path ?? ''}: expected ${first.expected}, got ${first.actual}` : '';
    return { mutation, outcome: naming ? 'caught' : 'wrongly named', by: { scenario: noticing.id, operation: noticing.operation, behaviour: noticing.behaviour, how: noticing.outcome as 'differ' | 'error', detail } };
  }
  return { mutation, outcome: observed.reached ? 'missed' : 'not reached' };
}

/** A difference's path with item indices as `[*]` and quoted keys as `.key`, as a drift names its field. */
const normalized = (path: string) => path.replace(/\[\d+\]/g, '[*]').replace(/\["((?:[^"\\]|\\.)*)"\]/g, '.$1');
const within = (inner: string, outer: string) => inner === outer || inner.startsWith(`${outer}.`) || inner.startsWith(`${outer}[`);

/**
 * Whether a scenario's outcome names the drift: an error of a scenario of the drifted operation (a status the SDK
 * kept waiting on), not verify failing on its own; or a difference in an answer of the drifted operation (the
 * scenario's own, or one its note names), at the drifted field or a field around it (never the whole body).
 */
export function names(result: ScenarioResult, mutation: Generated): boolean {
  if (result.outcome === 'error') return result.operation === mutation.operation && !result.reason?.startsWith('verify itself failed');
  if (result.outcome !== 'differ') return false;
  return result.differences.some((difference) => {
    // A note that names operations (the answer a difference is in, or the two answers compared) says whose it is.
    // A drift with memory is of its write and of the reads that show its effect.
    const operations = [mutation.operation, ...(mutation.reads ?? [])];
    const named = operations.some((operation) => difference.note?.includes(`(${operation})`));
    const elsewhere = difference.note?.includes('in the answer to ') ?? false;
    if (!named && (elsewhere || result.operation !== mutation.operation)) return false;
    if (!mutation.path) return true;
    if (difference.path === undefined) return false;
    const at = normalized(difference.path);
    if (at === mutation.path) return true;
    if (at !== '$' && at !== '$.data' && (within(at, mutation.path) || within(mutation.path, at))) return true;
    // Below the record (`$.data.contacts[*]`, `$.data.contact`): two answers of one record compare field by field.
    const [mine, theirs] = [tail(at), tail(mutation.path)];
    return mine !== '' && theirs !== '' && (within(mine, theirs) || within(theirs, mine));
  });
}

/** A path below its record: `$.data.contacts[*].company.name` and `$.data.contact.company.name` are both `.company.name`. */
const tail = (path: string) => (/^\$\.data\.[^.[]+(\[\*\])?/.test(path) ? path.replace(/^\$\.data\.[^.[]+(\[\*\])?/, '') : '');

/** Counts by class: caught, missed, not reached. */
export function tally(results: readonly MutationResult[]): Record<MutationClass, { total: number; caught: number; wronglyNamed: number; missed: number; unreached: number }> {
  const classes = MUTATION_CLASSES;
  return Object.fromEntries(
    classes.map((klass) => {
      const mine = results.filter((r) => r.mutation.class === klass);
      return [klass, { total: mine.length, caught: mine.filter((r) => r.outcome === 'caught').length, wronglyNamed: mine.filter((r) => r.outcome === 'wrongly named').length, missed: mine.filter((r) => r.outcome === 'missed').length, unreached: mine.filter((r) => r.outcome === 'not reached').length }];
    }),
  ) as ReturnType<typeof tally>;
}
