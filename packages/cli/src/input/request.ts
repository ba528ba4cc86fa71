import { UsageError } from '@network-org/cli-kit';
import type { CommandSpec } from '../commands/specs';
import { fieldAssignment, fieldValue, notesValue, tagChanges, type FieldTypes, type TagChanges } from './edits';
import { flagValue, readData } from './values';

/** What `client.request` takes. */
export interface RequestArgs {
  path?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
}

/** The values commander read for a generated command, by flag name in camel case as commander keys them. */
export type FlagValues = Record<string, string | string[] | boolean | undefined>;

export const optionKey = (flag: string): string => flag.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

const TAG_FLAGS = { add: '--add-tag', remove: '--remove-tag', set: '--set-tag' };

/** `set` replaces every tag: the API refuses it beside `add` or `remove`, and so does the CLI, before sending. */
export function checkTagMix(tags: TagChanges | undefined, where: string): void {
  if (tags?.set && (tags.add || tags.remove)) throw new UsageError(`${where}: "set" replaces every tag and cannot be combined with "add" or "remove"`);
}

/** The custom fields of `--field NAME=VALUE` flags, typed by the registered field when the target says. */
export function customFieldValues(assignments: readonly string[], types: FieldTypes): Record<string, string | number | boolean | null> {
  const values: Record<string, string | number | boolean | null> = {};
  for (const text of assignments) {
    const [name, value] = fieldAssignment(text);
    values[name] = fieldValue('--field', name, value, types);
  }
  return values;
}

/**
 * The request of a generated command: path parameters from its arguments, the query from its flags, the body from
 * `--data` with the flags over its fields and the edit helpers over both. Required inputs are checked here,
 * before anything is sent.
 */
export function requestArgs(spec: CommandSpec, positionals: readonly string[], values: FlagValues, fields: Record<string, unknown> = {}): RequestArgs {
  const args: RequestArgs = {};
  if (spec.arguments.length > 0) {
    args.path = Object.fromEntries(spec.arguments.map((argument, index) => [argument.name, positionals[index] ?? '']));
  }
  const hasBody = spec.flags.some((flag) => flag.input.in === 'body') || spec.customFields;
  const body: Record<string, unknown> = hasBody && typeof values.data === 'string' ? readData(values.data) : {};
  const query: Record<string, unknown> = {};
  for (const flag of spec.flags) {
    const raw = values[optionKey(flag.flag)];
    if (raw === undefined || typeof raw === 'boolean') continue;
    (flag.input.in === 'query' ? query : body)[flag.input.name] = flagValue(flag, raw);
  }
  if (spec.tagEdits) {
    const edits = tagChanges(TAG_FLAGS, {
      add: values.addTag as string[] | undefined,
      remove: values.removeTag as string[] | undefined,
      set: values.setTag as string[] | undefined,
    });
    if (edits) {
      const tags = { ...(body.tags as TagChanges | undefined), ...edits };
      checkTagMix(tags, '--set-tag and --data');
      body.tags = tags;
    }
  }
  if (spec.tagEdits && typeof values.notes === 'string') body.notes_json = notesValue('--notes', values.notes);
  Object.assign(body, fields);
  for (const flag of spec.flags) {
    if (!flag.input.required) continue;
    const given = flag.input.in === 'query' ? query[flag.input.name] : body[flag.input.name];
    if (given === undefined) {
      throw new UsageError(`missing required --${flag.flag}${flag.input.in === 'body' ? ` (or "${flag.input.name}" in --data)` : ''}`);
    }
  }
  if (Object.keys(query).length > 0) args.query = query;
  if (hasBody) args.body = body;
  return args;
}
