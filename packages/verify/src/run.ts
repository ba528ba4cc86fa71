import { mkdir } from 'node:fs/promises';
import { NetworkClient, secretScrubber, type OperationId } from '@network-org/sdk';
import { unknownKeysOf } from './check/answer';
import { callOperation, type Clients, type RunContext, ScenarioContext } from './context';
import { type Answer, type CallInput, Skip, Stop } from './call';
import { Facts } from './facts';
import { Ledger } from './ledger';
import { type VerifyOptions, VerifyUsageError } from './options';
import { compareRecording, notARecording, writeRecording } from './record/recording';
import type { Discovery, Report, ScenarioResult } from './report/types';
import { NEED_FLAG, selectScenarios } from './scenarios/select';
import type { Need, Scenario } from './scenarios/index';
import { observeShapes } from './shapes';
import { checkStart } from './start';
import { Target } from './target/transport';

const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_DURATION_MS = 15 * 60_000;
const DEFAULT_MAX_BYTES = 8 * 2 ** 20;
// The mock's admin fixture key.
const MOCK_ADMIN_KEY = 'sk_test_admin';
// Time kept after the cap to put PATCHed records back.
const RESTORE_ALLOWANCE_MS = 2 * 60_000;

function checkOptions(options: VerifyOptions): void {
  if (!options.baseUrl) throw new VerifyUsageError('Missing --base-url (or NETWORK_BASE_URL): the target to verify.');
  let url: URL;
  try {
    url = new URL(options.baseUrl);
  } catch {
    throw new VerifyUsageError(`--base-url must be an absolute http(s) URL, not ${JSON.stringify(options.baseUrl)}.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new VerifyUsageError('--base-url must be an http or https URL.');
  if (!options.apiKey) throw new VerifyUsageError('Missing --api-key (or NETWORK_API_KEY): an admin key of the target organization.');
  if (!/^[\x21-\x7e]+$/.test(options.apiKey) || (options.memberKey !== undefined && !/^[\x21-\x7e]+$/.test(options.memberKey))) {
    throw new VerifyUsageError('An API key can only hold visible ASCII characters.');
  }
  if (options.accountId !== undefined && !/^[1-9][0-9]*$/.test(options.accountId)) {
    throw new VerifyUsageError('--account-id must be an account id (a positive integer) from GET /v1/accounts.');
  }
  if (options.profileUrl !== undefined) {
    try {
      new URL(options.profileUrl);
    } catch {
      throw new VerifyUsageError('--profile-url must be an absolute URL of a network profile.');
    }
  }
  if (options.only !== undefined && selectScenarios(options.only).length === 0) {
    throw new VerifyUsageError(`--only ${JSON.stringify(options.only)} matches no scenario.`);
  }
}

/**
 * Runs the behavioural suite against a target and gives its report. Throws `VerifyUsageError` for bad options, a
 * key the target refuses or a base URL under which no operation is found, and `TargetUnreachableError` when nothing
 * answers at the base URL (the connection refused, the host unknown, or closed without an answer); everything the
 * target does wrong after that is in the report (`differ` or `error` outcomes), never thrown.
 */
export async function runVerify(options: VerifyOptions): Promise<Report> {
  checkOptions(options);
  return (await runSuite(options, selectScenarios(options.only))).report;
}

/** What a suite run gives: its report and, per scenario, the answers it got. */
export interface SuiteRun {
  report: Report;
  answers: Map<string, Answer[]>;
}

/** Called after each scenario with its result and answers; returning true ends the run there. */
export type AfterScenario = (result: ScenarioResult, answers: readonly Answer[]) => boolean | void;

/** `runVerify` on the given scenarios, in their order (the mutation score runs a few scenarios per drift). */
export async function runSuite(options: VerifyOptions, selected: readonly Scenario[], afterScenario?: AfterScenario): Promise<SuiteRun> {
  const scrub = secretScrubber([options.apiKey, options.memberKey]);
  const started = new Date();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_BYTES;
  const target = new Target({ baseUrl: options.baseUrl, fetch: options.fetch, timeoutMs, maxBytes });
  if (options.record) {
    try {
      await mkdir(options.record, { recursive: true });
    } catch (error) {
      throw new VerifyUsageError(`--record ${options.record}: the directory cannot be made (${error instanceof Error ? error.message : String(error)}).`);
    }
  }
  if (options.compare) {
    const problem = await notARecording(options.compare);
    if (problem) throw new VerifyUsageError(`--compare ${options.compare}: no recording there (${problem}); make one with --record ${options.compare}.`);
  }
  const admin = new NetworkClient({
    apiKey: options.apiKey,
    baseUrl: target.baseUrl,
    fetch: target.fetch,
    timeout: timeoutMs,
    // Retries wait out 429s (Retry-After) and 5xx; a 429 still there after them errors its scenario.
    maxRetries: 2,
    // A 429's Retry-After is waited out up to this; the service asks for seconds.
    maxRetryDelay: 120_000,
    maxResponseBytes: maxBytes,
    rateLimit: options.rateLimit ?? 'service',
  });
  const clients: Clients = { admin, member: options.memberKey ? admin.withOptions({ apiKey: options.memberKey }) : undefined };
  const call = (operation: OperationId, input?: CallInput) => callOperation({ target, clients }, operation, input);
  await checkStart(target, call, options, started.getTime() + (options.maxDurationMs ?? DEFAULT_MAX_DURATION_MS));
  const health = (await target.control('health')) as { ok?: unknown } | undefined;
  const isMock = health?.ok === true;
  const run: RunContext = {
    target,
    clients,
    facts: new Facts({ accountId: options.accountId, profileUrl: options.profileUrl, isMock, control: (path) => target.control(path) }, call),
    ledger: new Ledger(call),
    isMock,
    keyIsMockAdmin: isMock && options.apiKey === MOCK_ADMIN_KEY,
    allowWrites: options.allowWrites === true,
    allowCredits: options.allowCredits === true,
    profileUrl: options.profileUrl,
    probeRateLimit: options.probeRateLimit === true,
  };

  const stop = () => target.stop('the run was stopped');
  options.signal?.addEventListener('abort', stop, { once: true });
  if (options.signal?.aborted) stop();

  const results: ScenarioResult[] = [];
  const answers = new Map<string, Answer[]>();
  const discoveries = new Map<string, Discovery>();
  try {
    for (const scenario of selected) {
      const { result, seen } = await runScenario(run, scenario);
      results.push(result);
      answers.set(scenario.id, seen);
      for (const answer of seen) collectDiscoveries(answer, discoveries);
      if (afterScenario?.(result, seen)) break;
    }
  } finally {
    options.signal?.removeEventListener('abort', stop);
    target.setDeadline(Date.now() + RESTORE_ALLOWANCE_MS);
    await run.ledger.restoreAll();
  }
  if (run.ledger.hasRecordsToRestore) results.push(restoreResult(run.ledger));

  const report: Report = {
    version: 1,
    target: { base_url: target.baseUrl },
    started_at: started.toISOString(),
    finished_at: '',
    scenarios: results,
    discoveries: [...discoveries.values()],
    writes: run.ledger.writes,
    summary: { agree: 0, differ: 0, skipped: 0, error: 0 },
    shapes: observeShapes([...answers.values()].flat()),
  };
  if (options.compare) report.compared = await compareRecording(options.compare, answers, results);
  if (options.record) await writeRecording(options.record, answers, scrub);
  for (const result of results) report.summary[result.outcome]++;
  report.finished_at = new Date().toISOString();
  const safe = scrub(report);
  // Two keys echoed under one path are one discovery once both read [redacted].
  safe.discoveries = [...new Map(safe.discoveries.map((d) => [`${d.operation} ${d.path}`, d])).values()];
  return { report: safe, answers };
}

async function runScenario(run: RunContext, scenario: Scenario): Promise<{ result: ScenarioResult; seen: Answer[] }> {
  const base = { id: scenario.id, operation: scenario.operation, behaviour: scenario.behaviour, title: scenario.title, source: scenario.source };
  const missing = (scenario.needs ?? []).filter((need) => !granted(run, need));
  if (missing.length > 0) {
    const flags = missing.map((need) => NEED_FLAG[need]).join(' and ');
    return { result: { ...base, outcome: 'skipped', differences: [], reason: `needs ${flags}` }, seen: [] };
  }
  const t = new ScenarioContext(run, scenario.operation);
  try {
    await scenario.run(t);
  } catch (error) {
    // A scenario that found differences before it could not go on still differs.
    if (error instanceof Skip) {
      const outcome = t.differences.length > 0 ? 'differ' : 'skipped';
      return { result: { ...base, outcome, differences: t.differences, reason: error.message }, seen: t.answers };
    }
    if (error instanceof Stop) return { result: { ...base, outcome: t.differences.length > 0 ? 'differ' : 'agree', differences: t.differences }, seen: t.answers };
    // A fault of verify's own (a value it did not expect, read as if it were another): said as such, never as the target's.
    const own = error instanceof TypeError || error instanceof RangeError || error instanceof ReferenceError || error instanceof SyntaxError;
    const message = error instanceof Error ? error.message : String(error);
    const reason = own ? `verify itself failed on an answer it did not expect (${(error as Error).name}: ${message})` : message;
    return { result: { ...base, outcome: 'error', differences: t.differences, reason }, seen: t.answers };
  }
  return { result: { ...base, outcome: t.differences.length > 0 ? 'differ' : 'agree', differences: t.differences }, seen: t.answers };
}

/**
 * The restore at the end of the run, reported as one more result: a record verify changed and could not put back
 * (the PATCH refused, or the record still reading otherwise) errors the run, whatever the scenarios said.
 */
function restoreResult(ledger: Ledger): ScenarioResult {
  const failures = ledger.restoreFailures;
  const base = {
    id: 'writes.restore',
    operation: failures[0]?.operation ?? 'updateContact',
    behaviour: 'write' as const,
    title: 'every contact and company the run changed is put back as it was at the end of the run (tags by set, notes_json and custom fields by their old values), and read back',
    source: 'decision',
    differences: [],
  };
  if (failures.length === 0) return { ...base, outcome: 'agree' };
  return { ...base, outcome: 'error', reason: `verify could not put back what it changed (listed in writes.left): ${failures.map((failure) => failure.reason).join('; ')}` };
}

function granted(run: RunContext, need: Need): boolean {
  switch (need) {
    case 'writes':
      return run.allowWrites;
    case 'credits':
      return run.allowCredits;
    case 'member':
      return run.clients.member !== undefined;
    case 'probe':
      return run.probeRateLimit;
  }
}

/** Keys of a successful answer that its schema does not know, once per operation and path. */
function collectDiscoveries(answer: Answer, into: Map<string, Discovery>): void {
  for (const path of unknownKeysOf(answer)) {
    const key = `${answer.operation} ${path}`;
    if (!into.has(key)) into.set(key, { operation: answer.operation, path, note: 'a key the spec does not define' });
  }
}
