import type { OperationId } from '@network-org/sdk';
import { scenarios as allScenarios } from './index';
import type { Behaviour } from '../report/types';
import type { Need, Scenario } from './scenario';

/** The flag each need stands for. */
export const NEED_FLAG: Record<Need, string> = {
  writes: '--allow-writes',
  credits: '--allow-credits',
  member: '--member-key',
  probe: '--probe-rate-limit',
};

/** What a scenario is, without how it runs. */
export interface ScenarioInfo {
  id: string;
  operation: OperationId;
  /** What of the operation it checks: its envelope, a status, a filter, the pagination, ... */
  behaviour: Behaviour;
  title: string;
  source: string;
  /** The flags it needs (`--allow-writes`, ...); without them it is skipped. */
  needs: string[];
}

/** Every scenario of the suite (or those `only` selects), in the order they run. */
export function scenarioCatalog(only?: string): ScenarioInfo[] {
  return selectScenarios(only).map(({ id, operation, behaviour, title, source, needs = [] }) => ({ id, operation, behaviour, title, source, needs: needs.map((need) => NEED_FLAG[need]) }));
}

/** The scenarios `only` selects: a substring of the id, operation or title, or a `*` glob of the id. */
export function selectScenarios(only: string | undefined, from: readonly Scenario[] = allScenarios): Scenario[] {
  if (!only) return [...from];
  const glob = only.includes('*') ? new RegExp(`^${only.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`) : undefined;
  return from.filter((s) => (glob ? glob.test(s.id) : s.id.includes(only) || s.operation === only || s.title.includes(only)));
}
