import { EXIT, messageOf, UsageError, type ExitCode } from '@network-org/cli-kit';

/** Whether the command line asks for `--output json` or `jsonl` (or `--format`): then errors are JSON too. */
export function wantsJsonErrors(argv: readonly string[]): boolean {
  for (const [index, arg] of argv.entries()) {
    if (arg === '--') break;
    const value = arg === '--output' || arg === '--format' ? argv[index + 1] : /^--(?:output|format)=(.*)$/.exec(arg)?.[1];
    if (value === 'json' || value === 'jsonl') return true;
  }
  return false;
}

/** How errors are printed on stderr: set once from the command line, before it is parsed. */
export const errorStyle = { json: false };

/** A failure as printed on stderr: its line, or its JSON object `{status, code, message, hint}`. */
export const failureText = (failure: Pick<FailureLine, 'line' | 'json'>): string => (errorStyle.json ? JSON.stringify(failure.json) : failure.line);

/** No answer from a service the command needs (Redis, or the API after the SDK's retries). */
export class TransportFailure extends Error {
  override name = 'TransportFailure';
}

export interface ApiErrorLike {
  status: number;
  code: string;
  message: string;
  retryAfter?: number;
}

export const isApiError = (error: unknown): error is ApiErrorLike =>
  error instanceof Error && typeof (error as Partial<ApiErrorLike>).status === 'number' && typeof (error as Partial<ApiErrorLike>).code === 'string';

const TRANSPORT = new Set(['ApiConnectionError', 'ApiTimeoutError', 'TransportFailure']);

/** Where an error happened: a command line, or one row of a bulk file (whose fix is in the row, not in flags). */
export type ErrorPlace = 'command' | 'row';

/** What to do next, by error code: one short sentence with a command where one helps. */
export function nextStep(error: ApiErrorLike, command: readonly string[], place: ErrorPlace = 'command'): string {
  const resource = command[0] ?? 'contacts';
  if (place === 'row') {
    if (error.code === 'not_found') return `check the row's id; list them with \`network-org ${resource} list\``;
    if (error.code === 'bad_request') return 'fix the cell the message names in this row';
  }
  switch (error.code) {
    case 'unauthorized':
      return 'check the key: NETWORK_API_KEY, or the profile\'s (`network-org config list`)';
    case 'forbidden':
      return 'ask an organization admin: API access, an active user, or admin rights for activity';
    case 'account_shared_access_required':
      return 'list the accounts this key may use with `network-org accounts list`';
    case 'not_found':
      return resource === 'enrich' || command[1] === 'import' ? 'check the profile URL' : `check the id; list them with \`network-org ${resource} list\``;
    case 'bad_request':
      return `check the flags with \`network-org ${command.join(' ')} --help\``;
    case 'conflict':
      return 'the record conflicts with one that exists; see the message';
    case 'rate_limit_exceeded':
      return error.retryAfter !== undefined ? `wait ${error.retryAfter} s and retry` : 'wait and retry';
    case 'upstream_error':
      return 'the network did not answer; retry later';
    case 'internal_error':
      return 'retry later; report it if it persists';
    default:
      return error.code.startsWith('billing_') ? 'check the organization\'s plan and credits in the web app' : 'see the message';
  }
}

/** What is printed for a failure: one line, or with `--output json|jsonl` one JSON object; and the exit status. */
export interface FailureLine {
  line: string;
  exit: ExitCode;
  json: { status: number | null; code: string; message: string; hint: string | null };
}

/** The one line printed on stderr for anything a command throws, and the exit status it means. */
export function failureOf(error: unknown, command: readonly string[], place: ErrorPlace = 'command'): FailureLine {
  if (error instanceof UsageError) {
    const hint = command.length > 0 ? `see \`network-org ${command.join(' ')} --help\`` : 'see `network-org --help`';
    return {
      line: `network-org: ${error.message}${command.length > 0 ? ` (${hint})` : ''}`,
      exit: EXIT.usage,
      json: { status: null, code: 'usage_error', message: error.message, hint },
    };
  }
  if (isApiError(error)) {
    const message = error.message.replace(/\s+/g, ' ').trim();
    const hint = nextStep(error, command, place);
    return { line: `network-org: ${error.status} ${error.code}: ${message} — ${hint}`, exit: EXIT.failure, json: { status: error.status, code: error.code, message, hint } };
  }
  if (error instanceof Error && TRANSPORT.has(error.name)) {
    const timeout = error.name === 'ApiTimeoutError';
    const hint = 'check --base-url, NETWORK_BASE_URL (or the profile\'s base URL) and the connection';
    return {
      line: `network-org: ${timeout ? 'timeout' : 'transport failure'}: ${messageOf(error)} — ${hint}`,
      exit: EXIT.transport,
      json: { status: null, code: timeout ? 'timeout' : 'transport_failure', message: messageOf(error), hint },
    };
  }
  const message = messageOf(error).replace(/\s+/g, ' ');
  return { line: `network-org: ${message}`, exit: EXIT.failure, json: { status: null, code: 'error', message, hint: null } };
}
