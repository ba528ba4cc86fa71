import type { OperationId } from '@network-org/sdk';
import type { Answer, CallInput } from './call';
import { TargetUnreachableError, type VerifyOptions, VerifyUsageError } from './options';
import type { Target } from './target/transport';

type Call = (operation: OperationId, input?: CallInput) => Promise<Answer>;

/** The answer, or undefined when the target gave none that can be read (its scenarios then say how it fails). */
async function tryCall(call: Call, operation: OperationId, input: CallInput = {}): Promise<Answer | undefined> {
  try {
    return await call(operation, { ...input, once: true });
  } catch {
    return undefined;
  }
}

function refused(answer: Answer, flag: string): VerifyUsageError {
  const body = answer.body as { code?: unknown; message?: unknown } | undefined;
  const said = [body?.code, body?.message].filter((part) => typeof part === 'string').join(': ');
  return new VerifyUsageError(`The ${flag === '--api-key' ? 'key' : 'member key'} was refused: GET /v1/organization answered 401${said ? ` (${said})` : ''}. Check ${flag}${flag === '--api-key' ? ' (or NETWORK_API_KEY)' : ''}.`);
}

/**
 * Before any scenario: something answers at the base URL, the keys are accepted and the operations are found there.
 * A wrong key or a base URL one level off would otherwise make every scenario differ, which reads as a broken
 * target; each is a usage error instead. The run's time cap starts here, so the checks are bounded by it.
 */
export async function checkStart(target: Target, call: Call, options: VerifyOptions, deadline: number): Promise<void> {
  const unreachable = await target.unreachable();
  if (unreachable) throw new TargetUnreachableError(`Nothing answers at ${target.origin}: ${unreachable}.`);
  target.setDeadline(deadline);
  const organization = await tryCall(call, 'listOrganizations');
  if (organization?.status === 401) throw refused(organization, '--api-key');
  if (organization?.status === 404 && (await tryCall(call, 'listAccounts'))?.status === 404) {
    const path = new URL(target.baseUrl).pathname;
    const hint = /\/v1$/.test(path) ? ` The base URL ends in /v1 while every path already starts with /v1: try ${target.baseUrl.replace(/\/v1$/, '')}.` : '';
    throw new VerifyUsageError(`Check the base URL: ${target.baseUrl}/v1/organization and ${target.baseUrl}/v1/accounts both answered 404, so the API is not there.${hint}`);
  }
  if (options.memberKey) {
    const member = await tryCall(call, 'listOrganizations', { key: 'member' });
    if (member?.status === 401) throw refused(member, '--member-key');
  }
}
