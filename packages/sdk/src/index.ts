export { NetworkClient, type ClientOptions, type OperationPromise } from './client';
export type { Fetch } from './core/transport';
export { isListOperation, isPagedOperation, itemsOf, type AnyOperationArgs } from './core/operation';
export type { ResponseValidator } from './core/validation';
export { APIPromise, type WithResponse } from './core/api-promise';
export { Page, PagePromise, type PageSource } from './core/pagination';
export type { Logger, LogLevel } from './core/logger';
export type { RequestOptions } from './core/request-options';
export { RateLimitStoreError, SERVICE_RATE_LIMIT, type RateLimitOption } from './core/rate-limit';
export { memoryRateLimitStore, type RateLimitBudget, type RateLimitGrant, type RateLimitStore } from './core/rate-limit-store';
export type {
  KnownFields,
  ListOperationId,
  OperationArgs,
  OperationBody,
  OperationData,
  OperationId,
  OperationItem,
  OperationPathParams,
  OperationQuery,
  PagedOperationId,
  PageExtras,
  UpdateBody,
  UpdateBodyFor,
} from './core/operations';
export { secretScrubber } from './core/redact';
export {
  NetworkError,
  ApiError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  RateLimitError,
  InternalServerError,
  UpstreamError,
  ApiConnectionError,
  ApiTimeoutError,
  ResponseValidationError,
  ResponseTooLargeError,
  TooManyRedirectsError,
  PaginationLoopError,
  isApiError,
  type ValidationIssue,
} from './core/errors';
export type { ContactListQuery, ContactImportBody, ContactImportResult, ContactUpdateBody, ContactUpdateBodyFor, ContactFindEmailBody } from './resources/contacts';
export type { CompanyListQuery, CompanyUpdateBody, CompanyUpdateBodyFor } from './resources/companies';
export type { ConversationListQuery, MessageListQuery } from './resources/conversations';
export type { DraftCreateBody } from './resources/drafts';
export type { ViewListQuery, ViewCreateBody } from './resources/views';
export { ActivityPage, type ActivityListQuery, type ActivitySummaryQuery } from './resources/activity';
export type { EnrichBody } from './resources/enrichment';
export type * from '@network-org/spec/openapi';
