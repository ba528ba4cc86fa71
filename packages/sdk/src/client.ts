import createClient, { type Client, type HeadersOptions, mergeHeaders, removeTrailingSlash } from 'openapi-fetch';
import type { NetworkEnrichment, paths } from '@network-org/spec/openapi';
import type { APIPromise } from './core/api-promise';
import { readEnv } from './core/env';
import { NetworkError } from './core/errors';
import { sender } from './core/http';
import { attemptLog, type Logger, type LogLevel } from './core/logger';
import { type AnyOperationArgs, callOperation, requestOperation } from './core/operation';
import type { OperationData, OperationId, OperationItem, OperationParams, PagedOperationId, PageExtras } from './core/operations';
import type { Page, PagePromise } from './core/pagination';
import { redactor } from './core/redact';
import { pacing, type RateLimiter, type RateLimitOption, rateLimiterFor } from './core/rate-limit';
import type { RateLimitStore } from './core/rate-limit-store';
import type { RequestContext } from './core/request';
import type { RequestOptions } from './core/request-options';
import { type Fetch, rawFetch, type Transport } from './core/transport';
import { type ResponseValidator, responseValidator } from './core/validation';
import { Accounts } from './resources/accounts';
import { Activity } from './resources/activity';
import { Companies } from './resources/companies';
import { Contacts } from './resources/contacts';
import { Conversations } from './resources/conversations';
import { Drafts } from './resources/drafts';
import type { EnrichBody } from './resources/enrichment';
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
  /** Largest response body read, in bytes (decoded); a larger one rejects with `ResponseTooLargeError`. Default 64 MiB. */
  maxResponseBytes?: number;
  /** Default: the global `fetch`, looked up at each request. */
  fetch?: Fetch;
  /** Headers sent with every request. */
  headers?: HeadersOptions;
  /**
   * Checks every response against the spec: pass `validateResponses` from `@network-org/sdk/zod` (imported on
   * purpose, so that zod stays out of bundles that do not ask for it). A mismatch throws `ResponseValidationError`.
   */
  validateResponses?: ResponseValidator | false;
  /** Where log lines go; default `console`. */
  logger?: Logger;
  /**
   * `'off'` (default), `'error'`, `'warn'`, `'info'` or `'debug'`: one line per attempt, never the key or a body.
   * Default: env NETWORK_LOG (where `process` exists).
   */
  logLevel?: LogLevel;
  /**
   * Paces calls per endpoint (method and path template) to a budget: `'service'` (50 requests / 10 s, the
   * service's limit), `{requests, windowMs}`, or `false` (default: no pacing).
   */
  rateLimit?: RateLimitOption;
  /** Where the `rateLimit` budget lives; default this client's memory (shared by its `withOptions` copies).
   * `@network-org/sdk-redis` shares it across processes. */
  rateLimitStore?: RateLimitStore;
}

// Visible ASCII: what an HTTP header value can carry without being rejected or split.
const HEADER_SAFE = /^[\x21-\x7e]+$/;

/** State that every `withOptions` copy of a client shares with the client it came from. */
interface SharedState {
  /** The options every copy starts from (the key among them: kept out of enumerable fields). */
  options: ClientOptions;
  /** The rate-limit queues and budget of the client's own memory, used while no `rateLimitStore` is given. */
  rateLimiter: RateLimiter;
}

// The option under which `withOptions` hands its copy the shared state: a key no other caller holds, so the
// public constructor takes options only.
const SHARED = Symbol('shared');
type ConstructorOptions = ClientOptions & { [SHARED]?: SharedState };

export class NetworkClient {
  /**
   * An openapi-fetch client for any operation of the spec, with the base URL and the API key set and the same
   * transport as the SDK's calls (fetch, size bound, typed transport errors). Middleware added with `raw.use()`
   * applies to `raw` calls; there are no retries or error classes there.
   */
  declare readonly raw: Client<paths>;
  declare readonly organizations: Organizations;
  declare readonly accounts: Accounts;
  declare readonly contacts: Contacts;
  declare readonly companies: Companies;
  declare readonly conversations: Conversations;
  declare readonly drafts: Drafts;
  declare readonly views: Views;
  declare readonly activity: Activity;
  readonly #shared: SharedState;
  readonly #context: RequestContext;

  constructor(options: ClientOptions = {}) {
    this.#shared = (options as ConstructorOptions)[SHARED] ?? { options, rateLimiter: rateLimiterFor() };
    // Clients given one store share its queues as well as its budget.
    const limiter = options.rateLimitStore ? rateLimiterFor(options.rateLimitStore) : this.#shared.rateLimiter;
    const apiKey = resolveApiKey(options.apiKey);
    const redact = redactor(apiKey);
    const baseUrl = resolveBaseUrl(options.baseUrl, redact.text);
    const headers = mergeHeaders(options.headers, { Authorization: `Bearer ${apiKey}` });
    const transport: Transport = {
      fetch: options.fetch,
      redactor: redact,
      maxResponseBytes: options.maxResponseBytes ?? 2 ** 26,
    };
    this.raw = createClient<paths>({ baseUrl, fetch: rawFetch(transport), headers });
    const context: RequestContext = {
      send: sender(removeTrailingSlash(baseUrl), headers, transport),
      maxRetries: options.maxRetries ?? 2,
      timeout: options.timeout ?? 60_000,
      maxRetryDelay: options.maxRetryDelay ?? 60_000,
      validate: responseValidator(options.validateResponses),
      redactor: redact,
      log: attemptLog(options.logger, options.logLevel, redact.text),
      pacing: pacing(options.rateLimit, limiter, options.timeout),
    };
    this.#context = context;
    this.organizations = new Organizations(context);
    this.accounts = new Accounts(context);
    this.contacts = new Contacts(context);
    this.companies = new Companies(context);
    this.conversations = new Conversations(context);
    this.drafts = new Drafts(context);
    this.views = new Views(context);
    this.activity = new Activity(context);
  }

  /**
   * A client with these options merged over this one's (headers too, name by name: `null` removes one), sharing
   * its transport and state: the same fetch, and whatever else copies share.
   */
  withOptions(options: ClientOptions): NetworkClient {
    const merged = { ...this.#shared.options, ...options };
    if (options.headers !== undefined) merged.headers = mergeHeaders(this.#shared.options.headers, options.headers);
    const copy: ConstructorOptions = { ...merged, [SHARED]: { ...this.#shared, options: merged } };
    return new NetworkClient(copy);
  }

  /**
   * Any operation of the API by its operationId, with its path parameters, query and body typed from the spec,
   * through the same transport, pacing, retries and errors as the resources' methods (which are wrappers over it).
   * A paged list (`listContacts`, ...) gives a `PagePromise` of its items; any other operation an `APIPromise` of
   * the answer's whole JSON body.
   *
   * ```ts
   * for await (const contact of client.request('listContacts', { query: { tag: 'Customer' } })) ...
   * const { data } = await client.request('updateContact', { path: { contact_id: '1' }, body: { notes_json: null } });
   * ```
   */
  request<Op extends OperationId>(operationId: Op, ...[args, options]: OperationParams<Op>): OperationPromise<Op> {
    return requestOperation(this.#context, operationId, args as AnyOperationArgs | undefined, options) as OperationPromise<Op>;
  }

  /**
   * Any operation chosen at run time (a CLI command, an MCP tool, a conformance check), through the same transport,
   * pacing, retries and errors as `client.request`. The input goes as given: the compiler does not check it against
   * the operation (the API does, and `operations` of `@network-org/sdk/zod` checks it beforehand), so a caller may
   * also send what the spec refuses. A paged list (`isPagedOperation`) gives a `PagePromise` of that operation's
   * items (typed as the spec says, like every answer the client does not validate); any other operation an
   * `APIPromise` of the answer's whole JSON body (`itemsOf` takes a list's items out of it).
   *
   * ```ts
   * const operation: OperationId = command.operationId;
   * if (isPagedOperation(operation)) for await (const item of client.requestAny(operation, { query })) ...
   * ```
   */
  requestAny<Op extends PagedOperationId>(operationId: Op, input?: AnyOperationArgs, options?: RequestOptions): PagePromise<OperationItem<Op>>;
  requestAny(operationId: OperationId, input?: AnyOperationArgs, options?: RequestOptions): APIPromise<unknown>;
  requestAny(operationId: OperationId, input?: AnyOperationArgs, options?: RequestOptions): APIPromise<unknown> {
    return requestOperation(this.#context, operationId, input, options);
  }

  /** Profile and company enrichment of a profile URL or an existing contact (`POST /v1/enrich`). */
  enrich(body: EnrichBody, options?: RequestOptions): APIPromise<NetworkEnrichment> {
    return callOperation(this.#context, 'enrich', { body }, options, ({ data }) => data.network_enrichment);
  }
}

/** What `client.request(operationId, ...)` gives: the pages of a paged list, or the promise of the answer's body. */
export type OperationPromise<Op extends OperationId> = Op extends PagedOperationId
  ? PagePromise<OperationItem<Op>, keyof PageExtras<Op> extends never ? Page<OperationItem<Op>> : Page<OperationItem<Op>> & PageExtras<Op>>
  : APIPromise<OperationData<Op>>;

/** An option, or else its environment variable; missing is a clear error that says how to give it. */
function fromEnv(given: string | undefined, name: string, option: string): string {
  if (given !== undefined && given !== '') return given;
  const env = readEnv(name);
  if (env.value) return env.value;
  throw new NetworkError(
    `Missing ${option === 'apiKey' ? 'API key' : 'base URL'}: ${env.denied ? 'the environment could not be read (Deno: --allow-env); pass' : 'pass'} \`${option}\`${env.denied ? '' : ` or set the ${name} environment variable`}.`,
  );
}

/** The key to send; an unsendable one is a clear error that never holds the key itself. */
function resolveApiKey(given: string | undefined): string {
  const apiKey = fromEnv(given, 'NETWORK_API_KEY', 'apiKey');
  if (typeof apiKey !== 'string' || !HEADER_SAFE.test(apiKey)) {
    throw new NetworkError('Invalid API key: only visible ASCII can be sent');
  }
  return apiKey;
}

function resolveBaseUrl(given: string | undefined, redact: (text: string) => string): string {
  const baseUrl = fromEnv(given, 'NETWORK_BASE_URL', 'baseUrl');
  try {
    new URL(baseUrl);
  } catch {
    throw new NetworkError(redact(`Invalid base URL "${baseUrl}": expected an absolute URL`));
  }
  return baseUrl;
}
