import { activityScenarios } from './activity';
import { boundaryScenarios } from './boundaries';
import { formScenarios } from './forms';
import { keyScenarios } from './keys';
import { searchScenarios } from './search';
import { authScenarios } from './auth';
import { companyScenarios } from './companies';
import { contactFilterScenarios } from './contact-filters';
import { contactScenarios } from './contacts';
import { conversationScenarios } from './conversations';
import { creditScenarios } from './credits';
import { organizationScenarios } from './organization';
import { pageScenarios } from './pages';
import { rateLimitScenarios } from './rate-limit';
import { sameRecordScenarios } from './same-record';
import { summaryScenarios } from './summary';
import type { Scenario } from './scenario';
import { viewScenarios } from './views';
import { draftScenarios } from './drafts';
import { effectScenarios } from './effects';
import { errorScenarios } from './errors';
import { importScenarios } from './imports';
import { updateScenarios } from './updates';

/** Every scenario, in the order they run: reads first, then writes, credits and the rate-limit probe. */
export const scenarios: readonly Scenario[] = [
  ...organizationScenarios,
  ...authScenarios,
  ...keyScenarios,
  ...contactScenarios,
  ...contactFilterScenarios,
  ...searchScenarios,
  ...companyScenarios,
  ...conversationScenarios,
  ...viewScenarios,
  ...activityScenarios,
  ...boundaryScenarios,
  ...formScenarios,
  ...pageScenarios,
  ...summaryScenarios,
  ...importScenarios,
  ...updateScenarios,
  ...effectScenarios,
  ...draftScenarios,
  ...creditScenarios,
  ...errorScenarios,
  ...sameRecordScenarios,
  ...rateLimitScenarios,
];

export type { Need, Scenario } from './scenario';
