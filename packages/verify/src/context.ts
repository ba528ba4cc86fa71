import { ApiError, type NetworkClient, type OperationId, type RequestOptions, ResponseValidationError } from '@network-org/sdk';
import { answerDifferences, conforms } from './check/answer';
import { customFieldDifferences } from './check/custom-fields';
import type { DocumentedMessage } from './check/messages';
import { compact, describeValue, reaches, schemaDifferences } from './check/schema';
import { type Answer, type Call, type CallInput, Skip, Stop } from './call';
import { outlines, responseOutlines } from '@network-org/spec/outlines';
import { operationRoutes } from '@network-org/spec/routes';
import { schemas } from '@network-org/spec/zod';
import type { Facts } from './facts';
import type { Ledger } from './ledger';
import type { Difference } from './report/types';
import { TargetFault, type Target } from './target/transport';

/** The clients of a run: the admin key's, and the member key's when one was given. */
export interface Clients {
  admin: NetworkClient;
  member: NetworkClient | undefined;
}

/** How a run is connected to the target: the transport and the SDK clients that send through it. */
export interface Connection {
  target: Target;
  clients: Clients;
}

/** Everything scenarios share in one run. */
export interface RunContext extends Connection {
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

/**
 * Sends one request of `operation` through the SDK's `client.requestAny` (its pacing, retries and 429 waits) and
 * gives the target's answer as it came, whatever its status. A transport failure (no answer, a redirect, a huge
 * or broken body) throws: the scenario errors.
 */
export async function callOperation(connection: Connection, operation: OperationId, input: CallInput = {}): Promise<Answer> {
  const client = input.key === 'member' ? connection.clients.member : connection.clients.admin;
  if (!client) throw new Skip('needs --member-key');
  const call = connection.target.beginCall(input.commaSeparated);
  const options: RequestOptions = { signal: call.signal, headers: { ...input.headers, ...call.headers }, ...(input.once && { maxRetries: 0 }) };
  const args = { path: input.params, query: input.query, body: input.body };
  try {
    // requestAny sends the input as given: scenarios send what the spec refuses too (limit 2.5, an id off its pattern).
    await client.requestAny(operation, args, options).withResponse();
  } catch (error) {
    // An error status or a body the SDK refused is still an answer; anything else is a transport failure.
    if (!(error instanceof ApiError) && !(error instanceof ResponseValidationError)) throw transportReason(error);
  } finally {
    connection.target.endCall();
  }
  const answer = connection.target.answerOf(call.id);
  if (!answer) throw new TargetFault('no answer was received');
  // The SDK waited out each 429 (Retry-After) and retried; one that is still there is no answer to check.
  if (answer.status === 429 && !input.probe) {
    throw new TargetFault(`the target still answered 429 rate_limit_exceeded after waiting out its Retry-After several times`);
  }
  return { ...answer, operation, request: input };
}

function transportReason(error: unknown): Error {
  if (error instanceof TargetFault || error instanceof Skip) return error;
  const name = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'ApiTimeoutError') return new TargetFault(`no answer in time: ${message}`);
  if (name === 'ApiConnectionError') return new TargetFault(`the connection failed: ${message}`);
  return new TargetFault(`${name}: ${message}`);
}

/** The operations whose successes hold contacts or companies, the records that carry custom fields. */
const CUSTOM_FIELD_RECORDS = new Set(
  (Object.keys(responseOutlines) as OperationId[]).filter((operation) =>
    Object.entries(responseOutlines[operation]).some(([status, outline]) => status.startsWith('2') && (reaches(outline, outlines.Contact) || reaches(outline, outlines.Company))),
  ),
);

const bodyOf = (input: CallInput) => (typeof input.body === 'object' && input.body !== null ? (input.body as Record<string, unknown>) : {});

/**
 * The calls that spend credits write what no PATCH can put back: find-email sets the contact's lookup result
 * (`work_email`, `contact_enrichment.work_email`), and each call spends a credit. Every one goes through the ledger
 * here, whichever scenario sent it, so that none is left out of `writes.left`.
 */
function creditWrite(run: RunContext, answer: Answer): void {
  const body = bodyOf(answer.request);
  const account = String(body.account_id ?? '?');
  if (answer.operation === 'findContactEmail') {
    const contact = answer.request.params?.contact_id ?? '?';
    run.ledger.wrote(answer, `contact ${contact} in account ${account}`, 'find-email', "the contact's work_email and its lookup status now hold the lookup's result, and a credit is spent");
  } else if (answer.operation === 'enrich') {
    const subject = typeof body.network_url === 'string' ? body.network_url : `contact ${String(body.contact_id ?? '?')}`;
    run.ledger.wrote(answer, `credits of the organization (enrich ${subject} in account ${account})`, 'enrich', 'a credit is spent');
  }
}

/**
 * A difference of an answer of another operation than the scenario's (the facts it needed: the accounts, the
 * contacts it picks from) says which operation answered it, so that the report names the operation that drifted.
 */
export const inTheAnswerTo = (operation: OperationId) => `in the answer to ${operationRoutes[operation].method} ${operationRoutes[operation].path} (${operation})`;

function inAnswerTo(difference: Difference, operation: OperationId): Difference {
  const where = inTheAnswerTo(operation);
  return { ...difference, note: difference.note ? `${difference.note}; ${where}` : where };
}

/**
 * The checks one scenario makes, and the differences it found. Every answer it receives (its own calls and the
 * facts it is first to learn) is checked against the spec and the mock's reference shapes, whatever the scenario
 * itself looks at; a difference is kept once per scenario.
 */
export class ScenarioContext {
  readonly differences: Difference[] = [];
  readonly answers: Answer[] = [];
  readonly facts: Facts;
  readonly #seen = new Set<string>();

  constructor(
    readonly run: RunContext,
    readonly operation: OperationId,
  ) {
    this.facts = run.facts.through(this.call);
  }

  readonly call: Call = async (operation, input = {}) => {
    const answer = await callOperation(this.run, operation, input);
    this.answers.push(answer);
    creditWrite(this.run, answer);
    for (const difference of answerDifferences(answer)) this.differ(answer.operation === this.operation ? difference : inAnswerTo(difference, answer.operation));
    if (answer.status >= 200 && answer.status < 300 && CUSTOM_FIELD_RECORDS.has(operation)) {
      for (const difference of customFieldDifferences(answer, await this.facts.registry())) this.differ(difference);
    }
    return answer;
  };

  skip(reason: string): never {
    throw new Skip(reason);
  }

  stop(): never {
    throw new Stop('stopped after its differences');
  }

  differ(difference: Difference): void {
    const key = `${difference.path} ${difference.expected} ${difference.actual}`;
    if (this.#seen.has(key)) return;
    this.#seen.add(key);
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

  /**
   * The answer has this status and a body of the spec's schema for it: one the scenario can read. The body's own
   * differences were recorded when it came.
   */
  expectOk(answer: Answer, status = 200): boolean {
    if (!this.expectStatus(answer, status)) {
      this.#noteError(answer);
      return false;
    }
    return conforms(answer);
  }

  /** An error answer: status, the error body and its code, and the message where the description documents one. */
  expectError(answer: Answer, status: number, code: string, message?: DocumentedMessage): boolean {
    if (!this.expectStatus(answer, status)) return false;
    if (schemaDifferences(schemas.ErrorBody, answer.body).length > 0) return false;
    const body = answer.body as { code?: unknown; message?: unknown } | undefined;
    const actual = body?.code;
    if (!this.check(actual === code, { path: '$.code', expected: code, actual: typeof actual === 'string' ? actual : describeValue(actual) })) return false;
    if (!message) return true;
    const text = typeof body?.message === 'string' ? body.message : '';
    return this.check(message.matches(text), { path: '$.message', expected: `a message saying ${JSON.stringify(message.says)} (as the description documents it)`, actual: JSON.stringify(body?.message) ?? 'missing' });
  }

  // When a success was expected and an error came, its code says why: kept beside the status difference.
  #noteError(answer: Answer): void {
    const code = (answer.body as { code?: unknown } | undefined)?.code;
    if (typeof code === 'string') this.differ({ path: '$.code', expected: 'a success body', actual: code });
  }
}
