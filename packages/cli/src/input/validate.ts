import { UsageError } from '@network-org/cli-kit';
import type { OperationId } from '@network-org/spec/routes';
import { argumentLabel, kebab } from '../commands/specs';
import type { RequestArgs } from './request';

interface Issue {
  path: PropertyKey[];
  message: string;
}

/** How a value is named in a message: by its flag (or argument), or by its column in a bulk file. */
export type Naming = 'flags' | 'columns';

function whereOf(part: 'path' | 'query' | 'body', path: PropertyKey[], naming: Naming): string {
  const [name, ...rest] = path.map(String);
  if (name === undefined) return part === 'body' ? 'the body' : `the ${part}`;
  if (naming === 'columns') return [name, ...rest].join('.');
  if (part === 'path') return argumentLabel(name);
  const flag = `--${kebab(name)}`;
  return rest.length > 0 ? `${flag} (${[name, ...rest].join('.')})` : flag;
}

/**
 * Checks a request against the operation's generated schemas (the same the mock validates with) before it is
 * sent: a value the API would refuse is a usage error naming its flag, and nothing is sent. Loaded only when a
 * command runs, so `--help` does not load zod.
 */
export async function validateRequest(operationId: OperationId, args: RequestArgs, naming: Naming = 'flags'): Promise<void> {
  const { operations } = await import('@network-org/spec/operations');
  const operation = operations[operationId] as {
    params: { safeParse(value: unknown): { success: boolean; error?: { issues: Issue[] } } } | null;
    query: { safeParse(value: unknown): { success: boolean; error?: { issues: Issue[] } } } | null;
    body: { safeParse(value: unknown): { success: boolean; error?: { issues: Issue[] } } } | null;
  };
  const parts = [
    ['path', operation.params, args.path ?? {}],
    ['query', operation.query, args.query ?? {}],
    ['body', operation.body, args.body],
  ] as const;
  for (const [part, schema, value] of parts) {
    if (!schema || (part === 'body' && value === undefined)) continue;
    const result = schema.safeParse(value);
    const issue = result.error?.issues[0];
    if (!result.success && issue) throw new UsageError(`${whereOf(part, issue.path, naming)}: ${issue.message}`);
  }
}
