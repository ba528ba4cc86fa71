import { operationDocs } from '@network-org/spec/docs';
import { operationRoutes, type OperationId } from '@network-org/spec/routes';
import { commandWords, operationIds } from './names';

/** One input of an operation as the spec's docs give it. */
export interface Input {
  name: string;
  in: 'path' | 'query' | 'body';
  required: boolean;
  type: string;
  items?: { type: string; enum?: readonly string[]; pattern?: string };
  enum?: readonly string[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  nullable?: boolean;
}

/** A flag of a generated command: an input of the operation under its wire name in kebab case. */
export interface FlagSpec {
  input: Input;
  /** `account-id` for `account_id` (`query-text` for `query`, which would be the JMESPath `--query`). */
  flag: string;
  description: string;
  /** Arrays repeat the flag (comma-separated values are split too). */
  repeatable: boolean;
  /** The values it takes, when the spec lists them (its own, or its items'). */
  choices: readonly string[] | undefined;
}

/** A path parameter, given as a positional argument (`CONTACT_ID`). */
export interface ArgumentSpec {
  name: string;
  label: string;
  description: string;
}

/** Everything a generated command is made of, derived from the route table and the spec's docs. */
export interface CommandSpec {
  operationId: OperationId;
  words: readonly string[];
  method: string;
  path: string;
  summary: string;
  description: string;
  arguments: ArgumentSpec[];
  flags: FlagSpec[];
  /** A list's items are printed one per row; `paged` lists take `--all` and `--max-items`. */
  list: { key: string; envelope: string | null; paged: boolean } | null;
  /** The body takes tag changes (`tags`): `--add-tag`, `--remove-tag`, `--set-tag`. */
  tagEdits: boolean;
  /** The body takes custom fields by registered name: `--field NAME=VALUE` and `--from-csv`. */
  customFields: boolean;
  example: string;
}

/** Wire names that are also one of the CLI's own flags take another flag name (`--query` is the JMESPath filter). */
const RENAMED: Record<string, string> = { query: 'query-text' };

export const kebab = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/_/g, '-').toLowerCase();
export const argumentLabel = (name: string): string => kebab(name).replace(/-/g, '_').toUpperCase();

// Sample values of the default dataset (seed 1), so that each command's example runs as shown with `--mock`.
const SAMPLES: Record<string, string> = {
  account_id: '101',
  contact_id: '1000001',
  company_id: '300001',
  conversation_id: '40030',
  view_id: '901',
  network_url: 'https://www.network.com/in/jordy-mraz-255t',
  draft_message: '"Thanks for the call"',
  name: '"Follow-ups"',
  filters: `'{"specific_contacts":{"contact_ids":["1000001"]}}'`,
};

const sampleOf = (input: Input): string =>
  SAMPLES[kebab(input.name).replace(/-/g, '_')] ?? input.enum?.[0] ?? (input.type === 'integer' ? String(input.minimum ?? 1) : 'VALUE');

function exampleOf(words: readonly string[], args: ArgumentSpec[], flags: FlagSpec[], operationId: OperationId, tagEdits: boolean): string {
  const parts = ['network-org', ...words, ...args.map((arg) => sampleOf({ name: arg.name, in: 'path', required: true, type: 'string' }))];
  for (const { input, flag } of flags) if (input.required) parts.push(`--${flag}`, sampleOf(input));
  if (operationRoutes[operationId].list?.paged) {
    // A list shows a filter with choices, and a page size.
    const filter = flags.find((f) => !f.input.required && f.choices && f.choices.length > 1);
    if (filter) parts.push(`--${filter.flag}`, filter.choices![1]!);
    if (flags.some((f) => f.flag === 'limit')) parts.push('--limit', '5');
  } else {
    // Any other operation shows the first optional input the dataset has a sample of (the contact of a draft,
    // the profile of an enrichment), and a tag edit where the body takes one.
    const optional = flags.find((f) => !f.input.required && SAMPLES[f.input.name] !== undefined);
    if (optional) parts.push(`--${optional.flag}`, sampleOf(optional.input));
    if (tagEdits) parts.push('--add-tag', 'vip:green');
  }
  // Runs as shown, offline; without --mock it runs against NETWORK_BASE_URL.
  parts.push('--mock');
  return parts.join(' ');
}

function specOf(operationId: OperationId): CommandSpec {
  const docs = operationDocs[operationId] as {
    summary: string;
    description: string;
    parameters: Record<string, string>;
    body?: { properties?: Record<string, string>; additionalProperties?: unknown };
    inputs: readonly Input[];
  };
  const route = operationRoutes[operationId];
  const describe = (input: Input) => (input.in === 'body' ? docs.body?.properties?.[input.name] : docs.parameters[input.name]) ?? '';
  const args = docs.inputs
    .filter((input) => input.in === 'path')
    .map((input) => ({ name: input.name, label: argumentLabel(input.name), description: describe(input) }));
  const flags = docs.inputs
    .filter((input) => input.in !== 'path')
    .map((input) => ({
      input,
      flag: RENAMED[input.name] ?? kebab(input.name),
      description: describe(input),
      repeatable: input.type === 'array',
      choices: input.enum ?? input.items?.enum,
    }));
  const words = commandWords(operationId);
  const tagEdits = docs.inputs.some((input) => input.in === 'body' && input.name === 'tags');
  return {
    operationId,
    words,
    method: route.method,
    path: route.path,
    summary: docs.summary,
    description: docs.description,
    arguments: args,
    flags,
    list: route.list,
    tagEdits,
    customFields: docs.body?.additionalProperties !== undefined,
    example: exampleOf(words, args, flags, operationId, tagEdits),
  };
}

/** One spec per operation of the route table. */
export const commandSpecs: readonly CommandSpec[] = operationIds.map(specOf);
