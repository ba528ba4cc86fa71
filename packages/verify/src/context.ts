import { ApiError, type NetworkClient, type RequestOptions, ResponseValidationError } from '@network-org/sdk';
import type { OperationId } from '@network-org/sdk';
import { operations } from '@network-org/spec/operations';
import { schemas } from '@network-org/spec/zod';
import type { z } from 'zod';
import { describeValue, schemaDifferences } from './check/schema';
import type { Facts } from './facts';
import type { Ledger } from './ledger';
import type { Difference } from './report/types';
import { type Exchange, TargetFault, type Target } from './target/transport';

/** Which key a request carries. */
export type KeyRole = 'admin' | 'member';

/** A request of one operation, in wire names. */
export interface CallInput {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
  /** Headers over the client's: `Authorization: null` sends none. */
  headers?: Record<string, string | null>;
  key?: KeyRole;
  /** The rate-limit probe's calls: a 429 is the answer it looks for, not a failure to wait. */
  probe?: boolean;
}

/** The target's final answer to one call (after the SDK's retries and 429 waits). */
export interface Answer extends Exchange {
  operation: OperationId;
}

/** Everything scenarios share in one run. */
export interface RunContext {
  target: Target;
  clients: { admin: NetworkClient; member: NetworkClient | undefined };
  facts: Facts;
  ledger: Ledger;
  isMock: boolean;
  /** The run's key is the mock's admin fixture key, the one its control API reads the API as. */
  keyIsMockAdmin: boolean;
  allowWrites: boolean;
  allowCredits: boolean;
  profileUrl: string | undefined;
  probeRateLimit: boolean;
}

/** Thrown by `skip`: the scenario cannot run here; its reason goes into the report. */
export class Skip extends Error {
  override name = 'Skip';
}

/** Thrown by `stop`: the scenario found its differences and cannot safely go on; they are its outcome. */
export class Stop extends Error {
  override name = 'Stop';
}

type Invoke = (client: NetworkClient, input: CallInput, options: RequestOptions) => Promise<unknown>;
const id = (input: CallInput, name: string) => input.params?.[name] ?? '';
const q = <T>(input: CallInput) => input.query as T;
const b = <T>(input: CallInput) => input.body as T;

// Every operation through the SDK's own call, so that pacing, retries and the 429 wait apply.
const INVOKE: Record<OperationId, Invoke> = {
  listOrganizations: (c, _, o) => c.organizations.list(o),
  listAccounts: (c, _, o) => c.accounts.list(o),
  listActivity: (c, i, o) => c.activity.list(q(i), o),
  getActivitySummary: (c, i, o) => c.activity.summary(q(i), o),
  enrich: (c, i, o) => c.enrich(b(i), o),
  listContacts: (c, i, o) => c.contacts.list(q(i), o),
  importContact: (c, i, o) => c.contacts.import(b(i), o),
  updateContact: (c, i, o) => c.contacts.update(id(i, 'contact_id'), b(i), o),
  findContactEmail: (c, i, o) => c.contacts.findEmail(id(i, 'contact_id'), b(i), o),
  listCompanies: (c, i, o) => c.companies.list(q(i), o),
  updateCompany: (c, i, o) => c.companies.update(id(i, 'company_id'), b(i), o),
  listConversations: (c, i, o) => c.conversations.list(q(i), o),
  listConversationMessages: (c, i, o) => c.conversations.messages.list(id(i, 'conversationId'), q(i), o),
  createDraft: (c, i, o) => c.drafts.create(b(i), o),
  listViews: (c, i, o) => c.views.list(q(i), o),
  createView: (c, i, o) => c.views.create(b(i), o),
};

/**
 * Sends one request of `operation` through the SDK and gives the target's answer as it came, whatever its
 * status. A transport failure (no answer, a redirect, a huge or broken body) throws: the scenario errors.
 */
export async function callOperation(run: RunContext, operation: OperationId, input: CallInput = {}): Promise<Answer> {
  const client = input.key === 'member' ? run.clients.member : run.clients.admin;
  if (!client) throw new Skip('needs --member-key');
  const before = run.target.exchanges.length;
  const signal = run.target.beginCall();
  const options: RequestOptions = { signal };
  if (input.headers) options.headers = input.headers;
  try {
    await INVOKE[operation](client, input, options);
  } catch (error) {
    // An error status or a body the SDK refused is still an answer; anything else is a transport failure.
    if (!(error instanceof ApiError) && !(error instanceof ResponseValidationError)) throw transportReason(error);
  } finally {
    run.target.endCall();
  }
  const exchange = run.target.exchanges[run.target.exchanges.length - 1];
  if (!exchange || run.target.exchanges.length === before) throw new TargetFault('no answer was received');
  // The SDK waited out each 429 (Retry-After) and retried; one that is still there is no answer to check.
  if (exchange.status === 429 && !input.probe) {
    throw new TargetFault(`the target still answered 429 rate_limit_exceeded after waiting out its Retry-After several times`);
  }
  return { ...exchange, operation };
}

function transportReason(error: unknown): Error {
  if (error instanceof TargetFault || error instanceof Skip) return error;
  const name = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'ApiTimeoutError') return new TargetFault(`no answer in time: ${message}`);
  if (name === 'ApiConnectionError') return new TargetFault(`the connection failed: ${message}`);
  return new TargetFault(`${name}: ${message}`);
}

/** A value as compact JSON, cut short past 160 characters. */
export function compact(value: unknown): string {
  const text = value === undefined ? 'missing' : JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json\s*(;|$)/i;

/** The checks one scenario makes, and the differences it found. */
export class ScenarioContext {
  readonly differences: Difference[] = [];
  readonly answers: Answer[] = [];

  constructor(
    readonly run: RunContext,
    readonly operation: OperationId,
  ) {}

  get facts(): Facts {
    return this.run.facts;
  }

  async call(operation: OperationId, input: CallInput = {}): Promise<Answer> {
    const answer = await callOperation(this.run, operation, input);
    this.answers.push(answer);
    return answer;
  }

  skip(reason: string): never {
    throw new Skip(reason);
  }

  stop(): never {
    throw new Stop('stopped after its differences');
  }

  differ(difference: Difference): void {
    this.differences.push(difference);
  }

  /** Records a difference unless `ok`; returns `ok`. */
  check(ok: boolean, difference: Difference): boolean {
    if (!ok) this.differ(difference);
    return ok;
  }

  /** Same value (compared as JSON). */
  equal(path: string, actual: unknown, expected: unknown, note?: string): boolean {
    const ok = JSON.stringify(actual) === JSON.stringify(expected);
    return this.check(ok, { path, expected: compact(expected), actual: compact(actual), ...(note && { note }) });
  }

  expectStatus(answer: Answer, status: number): boolean {
    return this.check(answer.status === status, { path: 'status', expected: String(status), actual: String(answer.status) });
  }

  expectJson(answer: Answer): boolean {
    const type = answer.content_type ?? 'none';
    return this.check(JSON_TYPE.test(type), { path: 'content-type', expected: 'application/json', actual: type });
  }

  /** Status, JSON content type, and the body against the spec's schema for that status. */
  expectOk(answer: Answer, status = 200): boolean {
    const statusOk = this.expectStatus(answer, status);
    const typeOk = this.expectJson(answer);
    if (!statusOk) {
      this.#noteError(answer);
      return false;
    }
    return this.expectSchema(answer) && typeOk;
  }

  /** The body against the spec's schema of the answer's operation and status. */
  expectSchema(answer: Answer): boolean {
    const responses = operations[answer.operation].responses as Record<string, z.ZodType>;
    const schema = responses[String(answer.status)];
    if (!schema) return this.check(false, { path: 'status', expected: Object.keys(responses).join(' or '), actual: String(answer.status), note: 'a status the spec does not list' });
    if (answer.body === undefined) return this.check(false, { path: '$', expected: 'a JSON body', actual: answer.text === '' ? 'an empty body' : 'a body that is not JSON' });
    const found = schemaDifferences(schema, answer.body);
    this.differences.push(...found);
    return found.length === 0;
  }

  /** An error answer: status, JSON, the error body and its code. */
  expectError(answer: Answer, status: number, code: string): boolean {
    const statusOk = this.expectStatus(answer, status);
    const typeOk = this.expectJson(answer);
    if (!statusOk) return false;
    const found = schemaDifferences(schemas.ErrorBody, answer.body);
    this.differences.push(...found);
    const actual = (answer.body as { code?: unknown } | undefined)?.code;
    const codeOk = found.length > 0 || this.check(actual === code, { path: '$.code', expected: code, actual: typeof actual === 'string' ? actual : describeValue(actual) });
    return typeOk && found.length === 0 && codeOk;
  }

  // When a success was expected and an error came, its code says why: kept beside the status difference.
  #noteError(answer: Answer): void {
    const code = (answer.body as { code?: unknown } | undefined)?.code;
    if (typeof code === 'string') this.differ({ path: '$.code', expected: 'a success body', actual: code });
  }
}
