import type { OperationId } from '@network-org/sdk';
import type { ScenarioContext } from '../context';
import type { Behaviour } from '../report/types';

/** What a scenario needs beyond reads with the admin key; without it the scenario is skipped. */
export type Need = 'writes' | 'credits' | 'member' | 'probe';

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
