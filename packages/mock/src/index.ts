// The package's public face: it re-exports, and checks the installed msw at import. `createMockApi` (mock-api.ts)
// assembles the mock.
import { checkMsw } from './adapters/msw';

// At import: see checkMsw.
checkMsw();
export { createMockApi } from './create-mock-api';
export {
  DEFAULT_BASE_URL,
  type CoverageAccess,
  type FaultControl,
  type FixtureKeys,
  type MockApi,
  type MockApiOptions,
  type MockSession,
  type MockSnapshot,
} from './mock-api';
export { routes as defaultRoutes } from './routes/index';
export type { CoverageReport, OperationCoverage, UnmatchedRequest } from './coverage/report';
export {
  defineRoute,
  type OperationResult,
  type PageLimitRule,
  type Route,
  type RouteContext,
  type RouteHandler,
  type RouteResult,
  type RouteRules,
} from './engine/router';
export type { OverrideOptions, OverrideRequest, OverrideResolver } from './engine/overrides';
export type { HeaderList, MockAnswer, MockRequest, MockResponse } from './engine/message';
export type { MockFetch } from './adapters/fetch';
export type { OperationId } from './engine/operation-table';
export { MockApiError } from './engine/errors';
export type { FaultRule } from './engine/faults';
export type { JournalBody, JournalEntry, JournalMessage, JournalSummary } from './engine/journal';
export type { RateLimitBudget, RateLimitOption } from './engine/rate-limit';
export type { ResetOptions } from './engine/runtime';
export type { NetworkProfile, NetworkProfilesQuery } from './control/operations';
export { StateFileError } from './store/state-file';
export type {
  Seeder,
  SeedActivityEventInput,
  SeedCompanyInput,
  SeedContactInput,
  SeedConversationInput,
  SeedCustomFieldInput,
  SeedMessageInput,
  SeedNetworkProfileInput,
  SeedViewInput,
} from './control/insert';
export { FIXTURE_KEYS } from './store/index';
export type { DefaultCustomFields } from './store/default-custom-fields';
