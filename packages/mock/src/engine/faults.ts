import { z } from 'zod';
import { MAX_TIMER_MS } from '../lib/timers';
import { inputProblems } from './validation';

/** What `POST /__mock/faults` and `mock.faults.add()` accept. */
export const faultRuleSchema = z
  .object({
    method: z.string().min(1).optional(),
    /** An exact path (`/v1/contacts`), the spec's template (`/v1/contacts/{contact_id}`) or a glob with `*`. */
    path: z.string().min(1).optional(),
    /** The status to answer; 0 drops the connection; below 400 (or absent) the request is only delayed by `delay_ms`. */
    status: z.number().int().refine((status) => status === 0 || (status >= 100 && status <= 599), {
      message: 'must be 0 (dropped connection) or an HTTP status from 100 to 599',
    }).optional(),
    code: z.string().min(1).optional(),
    message: z.string().optional(),
    retry_after: z.number().int().min(0).optional(),
    // Above 2^31 - 1 ms a timer would fire at once instead of never.
    delay_ms: z.number().int().min(0).max(MAX_TIMER_MS).optional(),
    count: z.number().int().min(1).optional(),
    drop: z.boolean().optional(),
  })
  .refine((rule) => rule.status !== undefined || rule.drop === true || rule.delay_ms !== undefined, {
    message: 'a fault needs a status, drop: true or delay_ms',
  });

export type FaultRule = z.input<typeof faultRuleSchema>;

interface ActiveFault extends FaultRule {
  remaining: number;
}

export interface MatchedFault {
  rule: FaultRule;
  drop: boolean;
}

/**
 * Whether `text` matches `glob`, where `*` is any run of characters: the literal parts in order, each at its first
 * place after the one before. Linear in the path, where a regular expression of `.*`s can take exponential time.
 */
function globMatches(glob: string, text: string): boolean {
  const parts = glob.split('*');
  const first = parts[0] as string;
  const last = parts[parts.length - 1] as string;
  if (text.length < first.length + last.length || !text.startsWith(first) || !text.endsWith(last)) return false;
  const end = text.length - last.length;
  let at = first.length;
  for (const part of parts.slice(1, -1)) {
    const found = text.indexOf(part, at);
    if (found === -1 || found + part.length > end) return false;
    at = found + part.length;
  }
  return true;
}

function pathMatches(rulePath: string | undefined, pathname: string, template: string | undefined): boolean {
  if (rulePath === undefined) return true;
  if (rulePath === pathname || rulePath === template) return true;
  return rulePath.includes('*') && globMatches(rulePath, pathname);
}

/** Injected failures: each rule answers the next `count` matching requests, then is spent. */
export class FaultInjector {
  private active: ActiveFault[] = [];

  /** Adds a fault; throws a TypeError naming what is wrong when the rule is malformed. */
  add(rule: FaultRule): void {
    const parsed = inputProblems(faultRuleSchema, rule, 'fault');
    if (parsed.problems !== undefined) throw new TypeError(parsed.problems);
    this.active.push({ ...parsed.data, remaining: parsed.data.count ?? 1 });
  }

  clear(): void {
    this.active = [];
  }

  list(): FaultRule[] {
    return this.active.map(({ remaining, ...rule }) => ({ ...rule, count: remaining }));
  }

  /** Takes one use of the first fault matching the request, if any. */
  take(method: string, pathname: string, template?: string): MatchedFault | undefined {
    const index = this.active.findIndex(
      (fault) =>
        (fault.method === undefined || fault.method.toUpperCase() === method.toUpperCase()) &&
        pathMatches(fault.path, pathname, template),
    );
    if (index < 0) return undefined;
    const fault = this.active[index] as ActiveFault;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.active.splice(index, 1);
    const { remaining, ...rule } = fault;
    return { rule, drop: rule.drop === true || rule.status === 0 };
  }
}
