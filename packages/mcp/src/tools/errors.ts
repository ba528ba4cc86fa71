import { ApiConnectionError, ApiError, ApiTimeoutError, RateLimitError } from '@network-org/sdk';
import { idNextSteps, isIdArgument } from './guidance';
import { toolWords } from './text';
import type { ToolSpec } from './tool';

export type ToolErrorBody = {
  error: { code: string; message: string; status?: number; next_step: string; retry_after?: number };
};

/** What the advice on an error depends on: the tool, whether it writes, its arguments and those of the call. */
export interface ErrorContext {
  tool: string;
  write: ToolSpec['write'];
  /** The tool's argument names, nested ones too (`contact_ids` in `filters`), and the wire names it accepts for them. */
  names: readonly string[];
  aliases: Readonly<Record<string, string>>;
  /** The arguments the call gave. */
  given: readonly string[];
  /** The tool's own next step for an id argument whose value does not come from the tool that lists its kind. */
  idSteps?: Readonly<Record<string, string>>;
}

/** The tool's arguments a message names: by name, wire name, or in words ("contact id" for `contact_ids`). */
function namedIn(message: string, context: ErrorContext): string[] {
  const named = (name: string) => new RegExp(`\\b${name.replace(/_/g, '[ _]').replace(/s$/, 's?')}\\b`, 'i').test(message);
  const aliased = Object.entries(context.aliases).filter(([alias]) => named(alias)).map(([, name]) => name);
  return [...new Set([...context.names.filter(named), ...aliased])];
}

/** "; call list_accounts for a valid account_id" for the ids `names` holds. */
const idHints = (names: readonly string[], context: ErrorContext) => {
  const hints = idNextSteps(names, context.idSteps);
  return hints.length ? `; ${hints.join('; ')}` : '';
};

const STOP = 'Retrying will not help.';
const NETWORK = 'if it keeps failing, tell the user to check NETWORK_BASE_URL and the network.';

/** What to do when a call failed without a clear answer: a read changed nothing; a write may have gone through. */
function unclearOutcome(context: ErrorContext, then: string): string {
  const { write } = context;
  if (!write) return `Nothing was changed. ${then}`;
  return write.idempotent
    ? `The change may or may not have been applied; repeating the same call is safe. ${then}`
    : `It is unknown whether the call went through. ${write.uncertain} ${then}`;
}

/** What an agent should do after an error of `code` with `message`: it depends on the error and on the tool. */
function nextStep(code: string, message: string, context: ErrorContext, retryAfter: number | undefined): string {
  const { tool } = context;
  const named = namedIn(message, context);
  switch (code) {
    case 'bad_request': {
      // A cursor is tied to the arguments that produced it: starting over is the way out, not a fix of the cursor.
      if (context.given.includes('cursor') && /cursor/i.test(message)) {
        return `The cursor does not belong to these arguments: call ${tool} again without cursor, with the other arguments as you want them, to start from the first page.`;
      }
      const fix = named.length ? named.join(', ') : 'the arguments the message names';
      return `Fix ${fix} and call ${tool} again${idHints(named.length ? named : context.given.filter(isIdArgument), context)}.`;
    }
    case 'not_found': {
      const profile = context.given.includes('network_url');
      const namedIds = named.filter(isIdArgument);
      const ids = namedIds.length ? namedIds : profile ? [] : context.given.filter(isIdArgument);
      return [ids.length ? `The id does not exist${idHints(ids, context)}.` : '', profile ? 'The profile does not exist: check the handle of the profile URL.' : '']
        .filter(Boolean)
        .join(' ') || `Something the arguments name does not exist: check them.`;
    }
    case 'unauthorized':
      return `The API key is missing, invalid or retired: the user must set NETWORK_API_KEY to a valid key and restart the server. ${STOP}`;
    case 'forbidden':
      return tool.includes('activity')
        ? `Activity tools need an organization admin's API key; tell the user. ${STOP}`
        : `The key has no access to this organization or its user is inactive; tell the user (an admin may need to regenerate the key). ${STOP}`;
    case 'account_shared_access_required':
      return 'This account is not shared for API use: call list_accounts and use one of the accounts it lists.';
    case 'billing_insufficient_credits':
      return `The organization has no credits left for this operation; tell the user. Reads still work. ${STOP}`;
    case 'conflict':
      return `The request conflicts with an existing record; tell the user. ${STOP}`;
    case 'rate_limit_exceeded':
      return `Rate limit reached: wait ${retryAfter ?? 10} seconds, then call ${tool} again.`;
    case 'upstream_error':
      return 'The professional network did not answer: try again in a minute.';
    case 'connection_error':
    case 'timeout':
      return unclearOutcome(context, `Try again shortly; ${NETWORK}`);
    case 'internal_error':
      return unclearOutcome(context, 'Try once more later; if it fails again, tell the user.');
    default:
      return code.startsWith('billing_')
        ? `The organization's plan or billing does not allow this; tell the user. ${STOP}`
        : unclearOutcome(context, 'Try once more later; if it fails again, tell the user.');
  }
}

/** An error of a tool call as a tool result body: never a protocol error. */
export function errorBody(error: unknown, context: ErrorContext): ToolErrorBody {
  if (error instanceof ApiError) {
    const retryAfter = error instanceof RateLimitError ? error.retryAfter : undefined;
    const message = toolWords(error.message);
    return {
      error: {
        code: error.code,
        status: error.status,
        message,
        next_step: nextStep(error.code, message, context, retryAfter),
        ...(retryAfter === undefined ? {} : { retry_after: retryAfter }),
      },
    };
  }
  if (error instanceof ApiConnectionError) {
    const code = error instanceof ApiTimeoutError ? 'timeout' : 'connection_error';
    const message = `The request ${code === 'timeout' ? 'timed out' : 'could not reach the API'}: ${error.message}`;
    return { error: { code, message, next_step: nextStep(code, message, context, undefined) } };
  }
  return {
    error: {
      code: 'client_error',
      message: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      next_step: `This is a failure of the MCP server or of the answer it got, not of the arguments. ${unclearOutcome(context, 'Tell the user.')}`,
    },
  };
}

/** Arguments refused before anything was sent: `unknown` keys to leave out, `fault` arguments to fix. */
export function invalidArgumentsBody(message: string, context: ErrorContext, refusal: { fault: readonly string[]; unknown: readonly string[] }): ToolErrorBody {
  const { fault, unknown } = refusal;
  const steps = [
    unknown.length ? `leave out ${unknown.join(', ')}` : '',
    fault.length ? `fix ${fault.join(', ')}` : '',
  ].filter(Boolean);
  const next_step = `Call ${context.tool} again: ${steps.length ? steps.join(' and ') : 'fix the arguments the message names'}${idHints(fault, context)}.`;
  return { error: { code: 'invalid_arguments', message: `Invalid arguments (nothing was sent): ${message}`, next_step } };
}

/** The text rendering of an error body. */
export function errorText(toolName: string, body: ToolErrorBody): string {
  const { code, status, message, next_step } = body.error;
  return `${toolName} failed: ${code}${status ? ` (HTTP ${status})` : ''}: ${message}\nNext step: ${next_step}`;
}
