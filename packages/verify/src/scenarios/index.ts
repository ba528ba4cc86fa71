import { activityScenarios } from './activity';
import { authScenarios } from './auth';
import { companyScenarios } from './companies';
import { contactScenarios } from './contacts';
import { conversationScenarios } from './conversations';
import { creditScenarios } from './credits';
import { organizationScenarios } from './organization';
import { rateLimitScenarios } from './rate-limit';
import type { Scenario } from './scenario';
import { viewScenarios } from './views';
import { draftScenarios } from './drafts';
import { importScenarios } from './imports';
import { updateScenarios } from './updates';

/** Every scenario, in the order they run: reads first, then writes, credits and the rate-limit probe. */
export const scenarios: readonly Scenario[] = [
  ...organizationScenarios,
  ...authScenarios,
  ...contactScenarios,
  ...companyScenarios,
  ...conversationScenarios,
  ...viewScenarios,
  ...activityScenarios,
  ...importScenarios,
  ...updateScenarios,
  ...draftScenarios,
  ...creditScenarios,
  ...rateLimitScenarios,
];

export type { Need, Scenario } from './scenario';
