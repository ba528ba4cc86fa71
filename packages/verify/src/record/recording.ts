import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Answer } from '../call';
import type { CompareChange, Report, ScenarioResult } from '../report/types';
import { Normalizer } from './normalize';

/** One answer of a scenario as a recording keeps it: scrubbed, normalized. */
export interface RecordedAnswer {
  request: string;
  status: number;
  content_type: string | null;
  body: unknown;
}

export interface RecordedScenario {
  version: 1;
  scenario: string;
  answers: RecordedAnswer[];
}

const mediaType = (value: string | null) => value?.split(';')[0]?.trim().toLowerCase() ?? null;

/** A scenario's answers as its recording file holds them (placeholders numbered within the file). */
export function normalizeAnswers(scenario: string, answers: readonly Answer[]): RecordedScenario {
  const normalizer = new Normalizer();
  return {
    version: 1,
    scenario,
    answers: answers.map((answer) => ({
      request: normalizer.request(answer.method, answer.url),
      status: answer.status,
      content_type: mediaType(answer.content_type),
      body: answer.body === undefined ? (answer.text === '' ? null : '<not JSON>') : normalizer.value(answer.body),
    })),
  };
}

/** The file of a scenario: its id, which is stable and safe as a file name. */
const fileOf = (directory: string, id: string) => join(directory, `${id}.json`);

/** Writes one file per scenario that made requests, plus an index of the scenarios, all without the keys. */
export async function writeRecording(directory: string, answers: ReadonlyMap<string, Answer[]>, scrub: <T>(value: T) => T): Promise<void> {
  await mkdir(directory, { recursive: true });
  const recorded: string[] = [];
  for (const [id, seen] of answers) {
    if (seen.length === 0) continue;
    recorded.push(id);
    await writeFile(fileOf(directory, id), `${JSON.stringify(scrub(normalizeAnswers(id, seen)), null, 2)}\n`);
  }
  await writeFile(join(directory, 'index.json'), `${JSON.stringify({ version: 1, scenarios: recorded.sort() }, null, 2)}\n`);
}

/**
 * Why `directory` holds no recording to compare with, or undefined when it does. An empty directory is a
 * recording of no scenario; a directory with other files but no index `writeRecording` wrote is not one.
 */
export async function notARecording(directory: string): Promise<string | undefined> {
  const found = await stat(directory).catch(() => undefined);
  if (!found) return 'the directory does not exist';
  if (!found.isDirectory()) return 'not a directory';
  const files = await readdir(directory).catch(() => undefined);
  if (!files) return 'the directory cannot be read';
  if (files.length === 0) return undefined;
  if (!files.includes('index.json')) return 'no index.json that --record writes';
  const index = await readFile(join(directory, 'index.json'), 'utf8').then(JSON.parse, () => undefined).catch(() => undefined);
  const isIndex = typeof index === 'object' && index !== null && index.version === 1 && Array.isArray(index.scenarios);
  return isIndex ? undefined : 'its index.json is not the index --record writes';
}

/**
 * The structure of a normalized body: each path (list items as `[*]`, placeholder keys by kind) with the JSON
 * types seen there. Values are left out: a recording compares structure, status and content type.
 */
export function structure(value: unknown, path = '$', into = new Map<string, Set<string>>()): Map<string, Set<string>> {
  const add = (type: string) => {
    const types = into.get(path) ?? new Set<string>();
    types.add(type);
    into.set(path, types);
  };
  if (Array.isArray(value)) {
    add('array');
    for (const item of value) structure(item, `${path}[*]`, into);
  } else if (value !== null && typeof value === 'object') {
    add('object');
    for (const [key, inner] of Object.entries(value)) structure(inner, `${path}.${key.replace(/^<([a-z]+):\d+>$/, '<$1>')}`, into);
  } else {
    add(value === null ? 'null' : typeof value);
  }
  return into;
}

const typesText = (types: Set<string> | undefined) => (types ? [...types].sort().join('|') : 'missing');

/**
 * Whether a path's value type changed: null is data (a value cleared or not yet set), not structure, so only
 * a new non-null type where the recording saw another counts.
 */
function typeChanged(before: Set<string>, after: Set<string>): boolean {
  const known = [...before].filter((type) => type !== 'null');
  return known.length > 0 && [...after].some((type) => type !== 'null' && !before.has(type));
}

/**
 * The endpoint of a request line, with its placeholders by kind only (`GET /v1/contacts/<id>/find-email`): which
 * pages a walk takes, which ids it meets and which cursors it follows depend on how many records there are.
 */
const requestOf = (line: string) => line.split('?')[0]!.replace(/<([a-z]+):\d+>/g, '<$1>');

/**
 * A success of a write by its class: whether an import answers 201 or 200 follows from what an earlier run wrote,
 * and a recording must not depend on the writes verify makes (the scenarios check each status against the state
 * they read first).
 */
const statusOf = (answer: RecordedAnswer) => (!answer.request.startsWith('GET ') && answer.status >= 200 && answer.status < 300 ? '2xx' : String(answer.status));

interface Merged {
  statuses: Set<string>;
  types: Set<string>;
  structure: Map<string, Set<string>>;
}

/**
 * A scenario's answers by endpoint, merged into one structure: how many pages a walk takes and which of them
 * carry a `next_cursor` depend on how many records there are, which verify's own writes change (an import, a
 * view): that is data, not structure.
 */
function byRequest(recording: RecordedScenario): Map<string, Merged> {
  const merged = new Map<string, Merged>();
  for (const answer of recording.answers) {
    const request = requestOf(answer.request);
    let entry = merged.get(request);
    if (!entry) merged.set(request, (entry = { statuses: new Set(), types: new Set(), structure: new Map() }));
    entry.statuses.add(statusOf(answer));
    entry.types.add(String(answer.content_type));
    structure(answer.body, '$', entry.structure);
  }
  return merged;
}

const setText = (values: Set<string>) => [...values].sort().join('|');

/** Keys whose presence is data: a page carries `next_cursor` exactly when more results exist. */
const PRESENT_WITH_DATA = new Set(['$.data.pagination.next_cursor']);

/**
 * What changed in one scenario's answers since its recording, endpoint by endpoint: a status or content type, a
 * key that disappeared or appeared, a value whose type changed. Endpoints only one side asked are not changes.
 */
export function changesSince(recorded: RecordedScenario, now: RecordedScenario): ScenarioResult['differences'] {
  const changes: ScenarioResult['differences'] = [];
  const before = byRequest(recorded);
  for (const [request, after] of byRequest(now)) {
    const was = before.get(request);
    if (!was) continue;
    const note = `changed since the recording (${request})`;
    if (setText(was.statuses) !== setText(after.statuses)) changes.push({ path: 'status', expected: setText(was.statuses), actual: setText(after.statuses), note });
    if (setText(was.types) !== setText(after.types)) changes.push({ path: 'content-type', expected: setText(was.types), actual: setText(after.types), note });
    for (const [path, types] of was.structure) {
      const nowTypes = after.structure.get(path);
      if (!nowTypes) {
        if (!PRESENT_WITH_DATA.has(path)) changes.push({ path, expected: typesText(types), actual: 'missing', note });
      }
      else if (typeChanged(types, nowTypes)) changes.push({ path, expected: typesText(types), actual: typesText(nowTypes), note });
    }
    for (const [path, types] of after.structure) {
      if (!was.structure.has(path) && !PRESENT_WITH_DATA.has(path)) changes.push({ path, expected: 'missing', actual: typesText(types), note });
    }
  }
  return changes;
}

/**
 * Compares this run's answers with a recording: each change becomes a difference of its scenario (noted
 * "changed since the recording"), which then differs; `changes` groups them by path, with the scenarios under
 * each. Scenarios without a recording are listed as missing.
 */
export async function compareRecording(directory: string, answers: ReadonlyMap<string, Answer[]>, results: ScenarioResult[]): Promise<NonNullable<Report['compared']>> {
  const summary: NonNullable<Report['compared']> = { directory, scenarios: 0, changed: 0, missing: [], changes: [] };
  const grouped = new Map<string, CompareChange>();
  for (const result of results) {
    const seen = answers.get(result.id) ?? [];
    if (seen.length === 0) continue;
    let recorded: RecordedScenario;
    try {
      recorded = JSON.parse(await readFile(fileOf(directory, result.id), 'utf8')) as RecordedScenario;
      if (!Array.isArray(recorded.answers)) throw new TypeError('not a recording');
    } catch {
      summary.missing.push(result.id);
      continue;
    }
    summary.scenarios++;
    const changes = changesSince(recorded, normalizeAnswers(result.id, seen));
    if (changes.length === 0) continue;
    summary.changed++;
    result.differences.push(...changes);
    if (result.outcome === 'agree') result.outcome = 'differ';
    for (const { path = '$', expected, actual } of changes) {
      const key = `${path}\u0000${expected}\u0000${actual}`;
      const change = grouped.get(key) ?? { path, expected, actual, scenarios: [] };
      if (!change.scenarios.includes(result.id)) change.scenarios.push(result.id);
      grouped.set(key, change);
    }
  }
  summary.changes = [...grouped.values()].sort((a, b) => a.path.localeCompare(b.path));
  return summary;
}

/** Whether a difference is a change since a recording (rendered grouped by path, not under each scenario). */
export const isRecordingChange = (difference: { note?: string }) => difference.note?.startsWith('changed since the recording') === true;
