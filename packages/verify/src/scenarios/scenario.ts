import type { OperationId } from '@network-org/sdk';
import type { ScenarioContext } from '../context';

/** What a scenario needs beyond reads with the admin key; without it the scenario is skipped. */
export type Need = 'writes' | 'credits' | 'member' | 'probe';

/**
 * What of its operation a scenario checks: the answer's envelope and schema, the status of an outcome, a refused
 * request (400 and its code), authentication and permissions, the page size, pagination, a filter, the order of
 * items, an activity window, the effect of a write, the rate limit.
 */
export type Behaviour = 'envelope' | 'status' | 'refusal' | 'auth' | 'limit' | 'pagination' | 'filter' | 'order' | 'window' | 'write' | 'rate-limit';

/** One behaviour of the API, checked against the target. */
export interface Scenario {
  /** Stable, dotted: `contacts.limit.clamped`. */
  id: string;
  operation: OperationId;
  behaviour: Behaviour;
  title: string;
  /** `description: SECTION` (the section of the API's documentation that states it), or `decision` for this project's decisions where the description is silent. */
  source: string;
  needs?: Need[];
  run(t: ScenarioContext): Promise<void>;
}
