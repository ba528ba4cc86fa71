import type { AuthContext } from './auth';
import type { OperationId } from './operation-table';
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

  add<Op extends OperationId>(operationId: Op, resolver: OverrideResolver<NoInfer<Op>>, options: OverrideOptions = {}): () => void {
    const times = options.times ?? Number.POSITIVE_INFINITY;
    if (!(times >= 1) || (Number.isFinite(times) && !Number.isInteger(times))) {
      throw new RangeError(`override times must be a positive integer, got ${String(options.times)}`);
    }
    const entry: ActiveOverride = { resolver: resolver as unknown as OverrideResolver<OperationId>, remaining: times };
    const list = this.byOperation.get(operationId) ?? [];
    list.unshift(entry);
    this.byOperation.set(operationId, list);
    return () => this.remove(operationId, entry);
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
