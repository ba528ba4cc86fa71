import createClient, { type Client, type HeadersOptions, removeTrailingSlash } from 'openapi-fetch';
import type { NetworkEnrichment, paths } from './generated/openapi';
import type { APIPromise } from './core/api-promise';
import { directCaller, trackMiddleware } from './core/direct';
import { readEnv } from './core/env';
import { NetworkError } from './core/errors';
import { pacing, type RateLimiter, type RateLimitOption, rateLimiterFor } from './core/rate-limit';
import type { RateLimitStore } from './core/rate-limit-store';
import type { RequestContext, RequestOptions } from './core/request';
import { type Fetch, mergeHeaders, transport } from './core/transport';
import { Accounts } from './resources/accounts';
import { Activity } from './resources/activity';
import { Companies } from './resources/companies';
import { Contacts } from './resources/contacts';
import { Conversations } from './resources/conversations';
import { Drafts } from './resources/drafts';
import { type EnrichBody, Enrichment } from './resources/enrichment';
import { Organizations } from './resources/organizations';
import { Views } from './resources/views';

export interface ClientOptions {
  /** Default: env NETWORK_API_KEY (where `process` exists). */
  apiKey?: string;
  /** Default: env NETWORK_BASE_URL (where `process` exists). */
  baseUrl?: string;
  /** Retries after the first attempt of a call; default 2. */
  maxRetries?: number;
  /** Milliseconds per attempt; default 60 000. */
  timeout?: number;
  /** Longest `Retry-After` (ms) waited for before retrying; a longer one throws at once. Default 60 000. */
  maxRetryDelay?: number;
  /** Default: the global `fetch`, looked up at each request. */
  fetch?: Fetch;
  /** Headers sent with every request. */
  headers?: HeadersOptions;
  /** Check every response against the spec's zod schemas; a mismatch throws `ResponseValidationError`. */
  validateResponses?: boolean;
  /**
   * Paces calls per endpoint (method and path template) to a budget: `'service'` (50 requests / 10 s, the
   * service's limit), `{requests, windowMs}`, or `false` (default: no pacing).
   */
  rateLimit?: RateLimitOption;
  /** Where the `rateLimit` budget lives; default this client's memory. `@network-org/sdk-redis` shares it across processes. */
  rateLimitStore?: RateLimitStore;
}

const DEFAULT_MAX_RETRIES = 2;
const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_RETRY_DELAY_MS = 60_000;

export class NetworkClient {
  /** The underlying openapi-fetch client: middleware (`raw.use`) and an escape hatch for any operation. */
  readonly raw: Client<paths>;
  readonly organizations: Organizations;
  readonly accounts: Accounts;
  readonly contacts: Contacts;
  readonly companies: Companies;
  readonly conversations: Conversations;
  readonly drafts: Drafts;
  readonly views: Views;
  readonly activity: Activity;
  readonly #enrichment: Enrichment;
  /** A copy of this client shares it (queues and budget) when made with `rateLimitStore: this.#rateLimiter.store`. */
  readonly #rateLimiter: RateLimiter;

  constructor(options: ClientOptions = {}) {
    const apiKey = options.apiKey ?? readEnv('NETWORK_API_KEY');
    if (!apiKey) {
      throw new NetworkError(
        'Missing API key: pass `apiKey` to new NetworkClient({...}) or set the NETWORK_API_KEY environment variable.',
      );
    }
    const baseUrl = options.baseUrl ?? readEnv('NETWORK_BASE_URL');
    if (!baseUrl) {
      throw new NetworkError(
        'Missing base URL: pass `baseUrl` to new NetworkClient({...}) or set the NETWORK_BASE_URL environment variable.',
      );
    }
    if (!isAbsoluteUrl(baseUrl)) {
      throw new NetworkError(`Invalid base URL "${baseUrl}": expected an absolute URL such as https://api.example.com.`);
    }

    const redact = (text: string) => text.split(apiKey).join('[redacted]');
    const headers = mergeHeaders(options.headers, { Authorization: `Bearer ${apiKey}` });
    this.raw = createClient<paths>({ baseUrl, fetch: transport(options.fetch, redact), headers });
    const raw = this.raw;
    const hasMiddleware = trackMiddleware(raw);
    const direct = directCaller(removeTrailingSlash(baseUrl), headers, options.fetch, redact);
    this.#rateLimiter = rateLimiterFor(options.rateLimitStore);
    const context: RequestContext = {
      caller: () => (hasMiddleware() ? raw : direct),
      maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
      timeout: options.timeout ?? DEFAULT_TIMEOUT_MS,
      maxRetryDelay: options.maxRetryDelay ?? DEFAULT_MAX_RETRY_DELAY_MS,
      validateResponses: options.validateResponses ?? false,
      redact,
      pacing: pacing(options.rateLimit, this.#rateLimiter, options.timeout),
    };
    this.organizations = new Organizations(context);
    this.accounts = new Accounts(context);
    this.contacts = new Contacts(context);
    this.companies = new Companies(context);
    this.conversations = new Conversations(context);
    this.drafts = new Drafts(context);
    this.views = new Views(context);
    this.activity = new Activity(context);
    this.#enrichment = new Enrichment(context);
  }

  /** Profile and company enrichment of a profile URL or an existing contact (`POST /v1/enrich`). */
  enrich(body: EnrichBody, options?: RequestOptions): APIPromise<NetworkEnrichment> {
    return this.#enrichment.enrich(body, options);
  }
}

function isAbsoluteUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}
