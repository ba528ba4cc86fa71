import type { AuthContext } from './auth';
import { operationTable, type OperationId } from './operation-table';
import type { OperationBody, OperationParams, OperationQuery, OperationResult } from './router';

/** What an override's resolver receives: the request after authentication and validation. */
export interface OverrideRequest<Op extends OperationId> {
  params: OperationParams<Op>;
  query: OperationQuery<Op>;
  body: OperationBody<Op>;
  auth: AuthContext;
  /** The built-in answer (the route runs, with its writes); errors come back as their documented result. */
  next(): Promise<OperationResult<Op>>;
}

/** Answers one operation instead of (or around) the built-in route; only documented statuses and bodies compile. */
export type OverrideResolver<Op extends OperationId> = (
  request: OverrideRequest<Op>,
) => OperationResult<Op> | Promise<OperationResult<Op>>;

export interface OverrideOptions {
  /** Answers only the next `times` calls, then steps aside; default: until restored or reset. */
  times?: number;
}

interface ActiveOverride {
  resolver: OverrideResolver<OperationId>;
  remaining: number;
}

/** The overrides of one session: the latest one added for an operation answers first. */
export class OverrideRegistry {
  private readonly byOperation = new Map<OperationId, ActiveOverride[]>();

  add<Op extends OperationId>(operationId: Op, resolver: OverrideResolver<NoInfer<Op>>, options?: OverrideOptions): () => void;
  // The registry is heterogeneous: each resolver's types were checked against its operation by the signature above,
  // and `take` gives it back for that operation only.
  add(operationId: OperationId, resolver: OverrideResolver<OperationId>, options: OverrideOptions = {}): () => void {
    // The types hold these for TypeScript callers; JavaScript callers get the same rules at run time.
    if (!operationTable.some((entry) => entry.operationId === operationId)) {
      throw new TypeError(`No operation ${JSON.stringify(operationId)}: use an operationId of the spec, e.g. listContacts or importContact.`);
    }
    if (typeof resolver !== 'function') throw new TypeError(`The override of ${operationId} must be a function, got ${typeof resolver}.`);
    const times = options.times ?? Number.POSITIVE_INFINITY;
    if (!(times >= 1) || (Number.isFinite(times) && !Number.isInteger(times))) {
      throw new RangeError(`override times must be a positive integer, got ${String(options.times)}`);
    }
    const entry: ActiveOverride = { resolver, remaining: times };
    const list = this.byOperation.get(operationId) ?? [];
    list.unshift(entry);
    this.byOperation.set(operationId, list);
    return () => this.remove(operationId, entry);
  }

  /** Whether the operation has an override, without taking a use of it. */
  has(operationId: OperationId): boolean {
    return this.byOperation.has(operationId);
  }

  /** Takes one use of the operation's newest override, if any. */
  take(operationId: OperationId): OverrideResolver<OperationId> | undefined {
    const entry = this.byOperation.get(operationId)?.[0];
    if (!entry) return undefined;
    entry.remaining -= 1;
    if (entry.remaining <= 0) this.remove(operationId, entry);
    return entry.resolver;
  }

  clear(): void {
    this.byOperation.clear();
  }

  private remove(operationId: OperationId, entry: ActiveOverride): void {
    const list = this.byOperation.get(operationId);
    if (!list) return;
    const index = list.indexOf(entry);
    if (index >= 0) list.splice(index, 1);
    if (list.length === 0) this.byOperation.delete(operationId);
  }
}

/**
 * What is wrong with a resolver's answer, if anything: fetch and HTTP take statuses 200 to 599 only, header names
 * are tokens, and the body must be JSON. Undefined when the answer can be sent.
 */
export function overrideAnswerProblem(result: unknown): string | undefined {
  if (result === null || typeof result !== 'object') return `it returned ${String(result)} instead of {status, body, headers?}`;
  const { status, body, headers } = result as { status?: unknown; body?: unknown; headers?: unknown };
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 200 || status > 599) {
    return `its status must be an integer from 200 to 599, got ${JSON.stringify(status) ?? String(status)}`;
  }
  if (headers !== undefined) {
    if (headers === null || typeof headers !== 'object') return 'its headers must be an object of header names and values';
    for (const [name, value] of Object.entries(headers)) {
      if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) return `its header name ${JSON.stringify(name)} is not a valid HTTP header name`;
      if (typeof value !== 'string' || /[\r\n\0]/.test(value)) return `its header ${name} must be a string on one line`;
    }
  }
  try {
    JSON.stringify(body);
  } catch (error) {
    return `its body is not JSON (${error instanceof Error ? error.message : String(error)})`;
  }
  return undefined;
}
