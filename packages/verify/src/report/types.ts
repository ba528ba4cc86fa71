import type { OperationId } from '@network-org/sdk';

export type { OperationId };

/**
 * What of its operation a scenario checks: the answer's envelope and schema, the status of an outcome, a refused
 * request (400 and its code), authentication and permissions, the page size, pagination, a filter, the order of
 * items, an activity window, the effect of a write, the rate limit.
 */
export type Behaviour = 'envelope' | 'status' | 'refusal' | 'auth' | 'limit' | 'pagination' | 'filter' | 'order' | 'window' | 'write' | 'rate-limit';

/** How one scenario came out against the target. */
export type Outcome = 'agree' | 'differ' | 'skipped' | 'error';

/** One way the target's answer is not what the scenario expects. */
export interface Difference {
  /** A JSON path into the answer (`$.data.pagination.next_cursor`), or `status` / `content-type`. */
  path?: string;
  expected: string;
  actual: string;
  note?: string;
}

export interface ScenarioResult {
  id: string;
  operation: OperationId;
  /** What of the operation the scenario checks: its envelope, a status, a filter, the pagination, ... */
  behaviour: Behaviour;
  title: string;
  /** `description: SECTION` (the section of the API's documentation that states the behaviour) or `decision` (this project's, where the description is silent). */
  source: string;
  outcome: Outcome;
  differences: Difference[];
  /** Why a scenario was skipped or errored. */
  reason?: string;
}

/** A key in an answer that the spec does not know: not a difference, but worth knowing. */
export interface Discovery {
  operation: OperationId;
  path: string;
  note: string;
}

/** One write of the run: what it touched and how. */
export interface WriteRecord {
  operation: OperationId;
  /** The record written, e.g. `contact 2001 in account 101`. */
  target: string;
  note: string;
}

export interface Writes {
  /** Every write request that changed something. */
  done: WriteRecord[];
  /** PATCHed records put back as they were (checked by reading them again). */
  undone: WriteRecord[];
  /** What the API cannot undo (imports, views, drafts), or a PATCH that could not be put back. */
  left: WriteRecord[];
}

/** For a record the service description does not show: the shape seen beside the spec's. */
export interface ShapeObservation {
  /** The record, e.g. `Conversation`. */
  record: string;
  operation: OperationId;
  /** Where it sits in the answer. */
  path: string;
  /** Keys the spec defines and their types (`string`, `string|null`, `Tag[]`, ...). */
  spec: Record<string, string>;
  /** Keys seen in the answer and the JSON types seen; absent when the run saw no such record. */
  observed?: Record<string, string>;
  /** Values seen for the enumerations of the record (statuses, states, kinds). */
  values?: Record<string, string[]>;
}

export interface Summary {
  agree: number;
  differ: number;
  skipped: number;
  error: number;
}

/** The report of one run (`--report FILE`, `--format json`). */
export interface Report {
  version: 1;
  target: { base_url: string };
  started_at: string;
  finished_at: string;
  scenarios: ScenarioResult[];
  discoveries: Discovery[];
  writes: Writes;
  summary: Summary;
  /** The records the description leaves unshown: observed shape beside the spec's. */
  shapes: ShapeObservation[];
  /** With `--compare DIR`: the scenarios whose answers changed since that recording, and the changes by path. */
  compared?: { directory: string; scenarios: number; changed: number; missing: string[]; changes: CompareChange[] };
}

/** One change since a recording, with every scenario whose answers show it. */
export interface CompareChange {
  path: string;
  expected: string;
  actual: string;
  scenarios: string[];
}
