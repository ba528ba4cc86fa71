import { UsageError } from '@network-org/cli-kit';

/** The type a custom field is registered with. */
export type FieldType = 'string' | 'number' | 'boolean';

/** Registered custom fields by name; `undefined` when the target does not say (then values are typed from their text). */
export type FieldTypes = ReadonlyMap<string, FieldType> | undefined;

export interface Tag {
  name: string;
  color: string;
}

export interface TagChanges {
  add?: Tag[];
  remove?: string[];
  set?: Tag[];
}

/** The color of a tag given as `NAME` alone. */
export const DEFAULT_TAG_COLOR = 'green';

/** `NAME[:COLOR]`; `where` names the flag or the CSV cell in the message. */
export function parseTag(where: string, text: string): Tag {
  const separator = text.lastIndexOf(':');
  const name = (separator < 0 ? text : text.slice(0, separator)).trim();
  const color = separator < 0 ? DEFAULT_TAG_COLOR : text.slice(separator + 1).trim();
  if (name === '' || color === '') throw new UsageError(`${where}: "${text}" is not NAME or NAME:COLOR`);
  return { name, color };
}

/**
 * Tag edits as the API's `tags` object: `set` replaces every tag, so it cannot be mixed with `add` or `remove`
 * (the API refuses the mix; refused here before anything is sent). Undefined when there is no edit.
 */
export function tagChanges(where: { add: string; remove: string; set: string }, edits: { add?: string[]; remove?: string[]; set?: string[] }): TagChanges | undefined {
  const changes: TagChanges = {};
  if (edits.add?.length) changes.add = edits.add.map((text) => parseTag(where.add, text));
  if (edits.remove?.length) {
    changes.remove = edits.remove.map((text) => {
      if (text.trim() === '') throw new UsageError(`${where.remove}: a tag name cannot be empty`);
      return text.trim();
    });
  }
  if (edits.set?.length) changes.set = edits.set.map((text) => parseTag(where.set, text));
  if (changes.set && (changes.add || changes.remove)) {
    throw new UsageError(`${where.set} replaces every tag and cannot be combined with ${where.add} or ${where.remove}`);
  }
  return Object.keys(changes).length > 0 ? changes : undefined;
}

/** Notes as JSON text: `null` clears them; anything else must parse as JSON (the API requires it). */
export function notesValue(where: string, text: string): string | null {
  if (text.trim() === 'null') return null;
  try {
    JSON.parse(text);
  } catch {
    throw new UsageError(`${where} must be JSON text (e.g. '{"text":"Met at the fair"}') or null, got ${text.length > 60 ? `${text.slice(0, 60)}…` : text}`);
  }
  return text;
}

// Without a registry: a JSON string literal stays a string (`"42"`), true/false are booleans, decimal numbers are numbers.
const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?$/;

/**
 * A custom field's value from text. Empty text clears it (null). With the registry, the registered type decides
 * and a value of another type or an unregistered name is refused; without it, the text decides: `true`/`false`
 * are booleans, decimal numbers are numbers, a JSON string literal (`"42"`) is that string, the rest is text.
 */
export function fieldValue(where: string, name: string, text: string, types: FieldTypes): string | number | boolean | null {
  if (text === '') return null;
  if (types === undefined) {
    if (text === 'true' || text === 'false') return text === 'true';
    if (NUMBER.test(text)) return Number(text);
    if (text.startsWith('"')) {
      try {
        const value: unknown = JSON.parse(text);
        if (typeof value === 'string') return value;
      } catch {
        // Not a JSON string literal: the text as it is.
      }
    }
    return text;
  }
  const type = types.get(name);
  if (type === undefined) {
    const known = [...types.keys()];
    throw new UsageError(`${where}: "${name}" is not a registered custom field (registered: ${known.length > 0 ? known.join(', ') : 'none'})`);
  }
  if (type === 'number') {
    if (!NUMBER.test(text.trim())) throw new UsageError(`${where}: "${name}" is a number field, got "${text}"`);
    return Number(text);
  }
  if (type === 'boolean') {
    if (text !== 'true' && text !== 'false') throw new UsageError(`${where}: "${name}" is a boolean field (true or false), got "${text}"`);
    return text === 'true';
  }
  return text;
}

/** `--field "NAME=VALUE"`: the name and the value's text (`NAME=` clears it). */
export function fieldAssignment(text: string): [name: string, value: string] {
  const separator = text.indexOf('=');
  const name = separator < 0 ? '' : text.slice(0, separator).trim();
  if (name === '') throw new UsageError(`--field must be NAME=VALUE (NAME= clears the field), got "${text}"`);
  return [name, text.slice(separator + 1)];
}
