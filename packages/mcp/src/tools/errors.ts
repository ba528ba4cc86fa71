import { ApiConnectionError, ApiError, ApiTimeoutError, RateLimitError } from '@network-org/sdk';
import { idNextSteps } from './guidance';

export type ToolErrorBody = {
  error: { code: string; message: string; status?: number; next_step: string; retry_after?: number };
};

/** What an agent should do after an error of `code` from a tool taking `argumentNames`. */
function nextStep(code: string, toolName: string, argumentNames: readonly string[], retryAfter: number | undefined): string {
  const ids = idNextSteps(argumentNames);
  const checkIds = ids.length ? `; ${ids.join('; ')}` : '';
  switch (code) {
    case 'bad_request':
    case 'invalid_arguments':
      return `Fix the arguments the message names and call ${toolName} again${checkIds}.`;
    case 'not_found':
      return ids.length
        ? `The id or profile does not exist: ${ids.join('; ')}; for a profile URL, check its handle.`
        : 'The profile does not exist: check the profile URL handle.';
    case 'unauthorized':
      return 'The API key is missing, invalid or retired: the user must set NETWORK_API_KEY to a valid key and restart the server. Retrying will not help.';
    case 'forbidden':
      return toolName.includes('activity')
        ? 'Activity tools need an organization admin\'s API key; tell the user. Retrying will not help.'
        : 'The key has no access to this organization or its user is inactive; tell the user (an admin may need to regenerate the key). Retrying will not help.';
    case 'account_shared_access_required':
      return 'This account is not shared for API use: call list_accounts and use one of the accounts it lists.';
    case 'billing_insufficient_credits':
      return 'The organization has no credits left for this operation; tell the user. Reads still work. Retrying will not help.';
    case 'conflict':
      return 'The request conflicts with an existing record; tell the user. Retrying will not help.';
    case 'rate_limit_exceeded':
      return `Rate limit reached: wait ${retryAfter ?? 10} seconds, then call ${toolName} again.`;
    case 'upstream_error':
      return 'The professional network did not answer: try again in a minute.';
    case 'internal_error':
      return 'The service failed unexpectedly: try once more later; if it fails again, tell the user.';
    default:
      return code.startsWith('billing_')
        ? 'The organization\'s plan or billing does not allow this; tell the user. Retrying will not help.'
        : `Call ${toolName} again later; if it fails again, tell the user.`;
  }
}

/** An error of a tool call as a tool result body: never a protocol error (contract §7). */
export function errorBody(error: unknown, toolName: string, argumentNames: readonly string[]): ToolErrorBody {
  if (error instanceof ApiError) {
    const retryAfter = error instanceof RateLimitError ? error.retryAfter : undefined;
    return {
      error: {
        code: error.code,
        status: error.status,
        message: error.message,
        next_step: nextStep(error.code, toolName, argumentNames, retryAfter),
        ...(retryAfter === undefined ? {} : { retry_after: retryAfter }),
      },
    };
  }
  if (error instanceof ApiConnectionError) {
    const what = error instanceof ApiTimeoutError ? 'timed out' : 'could not reach the API';
    return {
      error: {
        code: error instanceof ApiTimeoutError ? 'timeout' : 'connection_error',
        message: `The request ${what}: ${error.message}`,
        next_step: 'A write may or may not have been applied. Try again shortly (updates and drafts are safe to repeat); if it keeps failing, tell the user to check NETWORK_BASE_URL and the network.',
      },
    };
  }
  return {
    error: {
      code: 'client_error',
      message: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      next_step: 'This is a failure of the MCP server or the answer it got, not of the arguments; tell the user.',
    },
  };
}

/** Arguments the tool's input schema refuses: the API is not called. */
export function invalidArgumentsBody(issues: readonly { path: readonly PropertyKey[]; message: string }[], toolName: string, argumentNames: readonly string[]): ToolErrorBody {
  const message = issues.map((issue) => (issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message)).join('; ');
  return { error: { code: 'invalid_arguments', message: `Invalid arguments (nothing was sent): ${message}`, next_step: nextStep('invalid_arguments', toolName, argumentNames, undefined) } };
}

/** The text rendering of an error body. */
export function errorText(toolName: string, body: ToolErrorBody): string {
  const { code, status, message, next_step } = body.error;
  return `${toolName} failed: ${code}${status ? ` (HTTP ${status})` : ''}: ${message}\nNext step: ${next_step}`;
}
