import { EXIT, messageOf, UsageError, type ExitCode } from '@network-org/cli-kit';

/** The keys this run holds (registered when it connects): kept out of every line printed on stderr. */
export const knownSecrets: string[] = [];

/** No answer from a service the command needs (Redis, or the API after the SDK's retries). */
export class TransportFailure extends Error {
  override name = 'TransportFailure';
}

interface ApiErrorLike {
  status: number;
  code: string;
  message: string;
  retryAfter?: number;
}

const isApiError = (error: unknown): error is ApiErrorLike =>
  error instanceof Error && typeof (error as Partial<ApiErrorLike>).status === 'number' && typeof (error as Partial<ApiErrorLike>).code === 'string';

const TRANSPORT = new Set(['ApiConnectionError', 'ApiTimeoutError', 'TransportFailure']);

/** What to do next, by error code: one short sentence with a command where one helps. */
function nextStep(error: ApiErrorLike, command: readonly string[]): string {
  const resource = command[0] ?? 'contacts';
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

/** The one line printed on stderr for anything a command throws, and the exit status it means. */
export function failureOf(error: unknown, command: readonly string[]): { line: string; exit: ExitCode } {
  if (error instanceof UsageError) {
    const help = command.length > 0 ? ` (see \`network-org ${command.join(' ')} --help\`)` : '';
    return { line: `network-org: ${error.message}${help}`, exit: EXIT.usage };
  }
  if (isApiError(error)) {
    const message = error.message.replace(/\s+/g, ' ').trim();
    return { line: `network-org: ${error.status} ${error.code}: ${message} — ${nextStep(error, command)}`, exit: EXIT.failure };
  }
  if (error instanceof Error && TRANSPORT.has(error.name)) {
    return {
      line: `network-org: ${error.name === 'ApiTimeoutError' ? 'timeout' : 'transport failure'}: ${messageOf(error)} — check NETWORK_BASE_URL (or the profile's base URL) and the connection`,
      exit: EXIT.transport,
    };
  }
  return { line: `network-org: ${messageOf(error).replace(/\s+/g, ' ')}`, exit: EXIT.failure };
}
