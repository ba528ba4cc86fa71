import { operationDocs } from '@network-org/spec/docs';
import { operations } from '@network-org/spec/operations';
import { inputOutlines, type Outline } from '@network-org/spec/outlines';
import { z } from 'zod';
import { agentSchema, closedObject } from './agent-schema';
import { ID_SOURCES, isIdArgument, PATH_ARGUMENT_NAMES } from './guidance';
import { toolJsonSchema, type JsonSchema } from './json-schema';
import { ALL_FIELDS } from './render';
import { agentText } from './text';
import type { ToolSpec } from './tool';

/** The page size the API clamps larger values to, on every list whose `limit` has no maximum. */
export const PAGE_SIZE_MAX = 25;

const CUSTOM_FIELDS = 'custom_fields';
const FIELDS = 'fields';

/** Where an argument goes in the request. */
type Destination = 'path' | 'query' | 'body' | typeof CUSTOM_FIELDS | typeof FIELDS;

interface Argument {
  name: string;
  /** Its name on the wire (differs for the path parameters of PATH_ARGUMENT_NAMES). */
  wire: string;
  to: Destination;
  schema: z.ZodType;
}

/** A tool call's request, as `client.request` takes it: only the parts the operation has (a GET sends no body). */
export interface ToolRequest {
  path?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
}

export type ParsedArguments =
  | { ok: true; request: ToolRequest; fields: string[] | undefined; given: readonly string[] }
  | { ok: false; message: string; refusal: Refusal };

/** What a refusal is about: arguments to fix (`fault`), keys to leave out (`unknown`). */
export interface Refusal {
  fault: readonly string[];
  unknown: readonly string[];
}

export interface ToolArguments {
  /** What `tools/list` shows: closed objects, portable nodes, a description on every argument. */
  jsonSchema: JsonSchema;
  /** The top-level argument names, in the schema's order. */
  names: readonly string[];
  /** Every property name of the schema, nested ones too (`contact_ids` inside `filters`). */
  allNames: readonly string[];
  /** Wire names accepted in place of an argument's name. */
  aliases: Readonly<Record<string, string>>;
  /** Whether custom field values go in a `custom_fields` argument (the update tools). */
  customFields: boolean;
  /** The top-level keys of `raw` that are neither an argument nor an alias. */
  unknownKeys(raw: Record<string, unknown>): string[];
  /** Checks `raw` (a model's arguments) and splits it into the request, ids normalized to strings. */
  parse(raw: unknown): ParsedArguments;
}

/** Descriptions of the arguments many tools share, short: the tool list carries them once per tool. */
const DESCRIPTIONS = {
  cursor: 'next_cursor of the last call, same other arguments.',
  fields: `Fields to add to items, or ["${ALL_FIELDS}"] for all.`,
  tags: 'Tags to add, remove (names) or set (replaces all; not with add/remove). Colors seen: green, red.',
  notes_json: 'The notes as JSON text; null clears them.',
  custom_fields: 'By registered name (network://custom-fields), e.g. {"Deal stage": "Won"}; null clears.',
  search: 'Broad search: profile, tags, notes, places, work, education, company.',
};

/**
 * An array query parameter also takes one value (`"101"` for `["101"]`), as agents often send it; the schema shows
 * the array only, which is what a model should send.
 */
const oneOrMany = (schema: z.ZodType): z.ZodType => z.preprocess((value) => (value === undefined || Array.isArray(value) ? value : [value]), schema);

/**
 * `limit` with its real bounds: the spec's where it has a maximum (activity: outside is 400); otherwise 1 to 25,
 * a larger value clamped to 25 as the API does, so that a model asking for 50 gets a page instead of an error.
 */
function limitOf(outline: Outline, maximum: number | undefined, byDefault: number): z.ZodType {
  if (maximum !== undefined) return agentSchema(outline, false);
  return z.coerce.number().int().min(1).default(byDefault).transform((value) => Math.min(value, PAGE_SIZE_MAX)).meta({ maximum: PAGE_SIZE_MAX });
}

/** What the spec's docs say of one input of an operation. */
interface Input {
  name: string;
  in: string;
  type: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
}

/** The description of each argument: the tool's own words, else the shared ones, else the spec's in agent terms. */
function describe(name: string, spec: ToolSpec, specText: string | undefined, input: Input | undefined): string {
  const own = spec.describe?.[name];
  if (own) return own;
  if (name in DESCRIPTIONS) return DESCRIPTIONS[name as keyof typeof DESCRIPTIONS];
  // A limit with a maximum (activity's) is the tool's to describe; the others clamp as the API does.
  if (name === 'limit' && input !== undefined && input.maximum === undefined) return `Page size; more is clamped to ${PAGE_SIZE_MAX}.`;
  if (name === 'account_id' && input?.type === 'array') return 'Account ids (list_accounts); default all.';
  const text = specText ? agentText(specText) : '';
  // An id whose spec text does not say where it comes from ("A positive integer encoded as a string") says so.
  return isIdArgument(name) && !/\blist_\w+|\bimport_contact\b/.test(text) ? `The ${name} (${ID_SOURCES[name]}).` : text;
}

/**
 * The arguments of `spec`'s tool, from its operation in the operation table: path parameters (by their results'
 * names), query parameters and body properties with the spec's checks and defaults, `custom_fields` where the body
 * takes custom fields by name, and `fields` where items show less than they hold. Every argument carries a description.
 */
export function toolArguments(spec: ToolSpec): ToolArguments {
  const { operationId } = spec;
  const operation = operations[operationId];
  const outlines = inputOutlines[operationId];
  const docs = operationDocs[operationId];
  const specTexts: Record<string, string> = { ...docs.parameters, ...('body' in docs ? docs.body.properties : {}) };
  const inputs = new Map((docs.inputs as readonly Input[]).map((input) => [input.name, input]));
  const omitted = new Set(spec.omit ?? []);
  const body = outlines.body;
  if (body && body.type !== 'object') throw new Error(`${operationId}: a body that is no object has no arguments`);
  const fieldsOf = (outline: { fields: Readonly<Record<string, Outline>> } | null) => outline?.fields ?? {};

  const args: Argument[] = [];
  for (const [wire, outline] of Object.entries(fieldsOf(outlines.params))) {
    const name = PATH_ARGUMENT_NAMES[wire] ?? wire;
    args.push({ name, wire, to: 'path', schema: agentSchema(outline, isIdArgument(name)) });
  }
  for (const [wire, outline] of Object.entries(fieldsOf(body))) {
    if (spec.fixed?.[wire] === undefined) args.push({ name: wire, wire, to: 'body', schema: agentSchema(outline, isIdArgument(wire)) });
  }
  for (const [wire, outline] of Object.entries(fieldsOf(outlines.query))) {
    if (omitted.has(wire)) continue;
    const input = inputs.get(wire);
    const agent = wire === 'limit' && input ? limitOf(outline, input.maximum, input.default as number) : agentSchema(outline, isIdArgument(wire));
    args.push({ name: wire, wire, to: 'query', schema: (operation.arrayQueryParams as readonly string[]).includes(wire) ? oneOrMany(agent) : agent });
  }
  // Other keys of a body that hold values of their own are custom fields by registered name (the update tools).
  const customFields = typeof body?.additional === 'object' && body.additional.type !== 'unknown';
  if (customFields) {
    const value = z.union([z.string(), z.number(), z.boolean(), z.null()]);
    args.push({ name: CUSTOM_FIELDS, wire: CUSTOM_FIELDS, to: CUSTOM_FIELDS, schema: z.record(z.string(), value).optional() });
  }
  if (spec.projection?.more) args.push({ name: FIELDS, wire: FIELDS, to: FIELDS, schema: z.array(z.string().min(1)).optional() });

  const names = args.map((arg) => arg.name);
  const fixed = spec.fixed ?? {};
  // A tool spec that names an input the operation does not have is a mistake of this package: it fails at load.
  const strays = [
    ...Object.keys(spec.describe ?? {}).filter((name) => !names.includes(name)),
    ...Object.keys(fixed).filter((name) => !Object.hasOwn(fieldsOf(body), name)),
    ...[...omitted].filter((name) => !Object.hasOwn(fieldsOf(outlines.query), name)),
  ];
  if (strays.length > 0) throw new Error(`${operationId}: no input ${strays.join(', ')}`);
  const shape = Object.fromEntries(
    args.map((arg) => {
      const text = describe(arg.name, spec, specTexts[arg.wire], inputs.get(arg.wire));
      if (!text) throw new Error(`${operationId}: argument ${arg.name} has no description`);
      return [arg.name, arg.schema.describe(text)];
    }),
  );
  // A body keeps its refinements (exactly one of two ids); path and query arguments join its closed object.
  const schema = body ? closedObject(body, shape) : z.strictObject(shape);
  const jsonSchema = toolJsonSchema(schema);
  const aliases = Object.fromEntries(args.filter((arg) => arg.wire !== arg.name).map((arg) => [arg.wire, arg.name]));
  const bodyNames = new Set(args.filter((arg) => arg.to === 'body').map((arg) => arg.name));

  // Arguments at fault are those an issue is about; an issue about the whole object names them in its message.
  const mentioned = (message: string) => names.filter((name) => new RegExp(`\\b${name}\\b`).test(message));
  const refuse = (message: string, refusal: Refusal = { fault: mentioned(message), unknown: [] }): ParsedArguments => ({ ok: false, message, refusal });

  return {
    jsonSchema,
    names,
    allNames: propertyNames(jsonSchema),
    aliases,
    customFields,
    unknownKeys: (raw) => Object.keys(raw).filter((key) => !names.includes(key) && !(key in aliases)),
    parse(raw) {
      if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw))) return refuse('the arguments must be a JSON object');
      const given: Record<string, unknown> = { ...(raw as Record<string, unknown> | undefined) };
      for (const [alias, name] of Object.entries(aliases)) {
        if (!(alias in given)) continue;
        if (name in given && String(given[name]) !== String(given[alias])) return refuse(`${alias} (the wire name of ${name}) and ${name} differ: give ${name} only`);
        given[name] ??= given[alias];
        delete given[alias];
      }
      for (const [name, value] of Object.entries(fixed)) {
        if (!(name in given)) continue;
        if (given[name] !== value) return refuse(`${name} is always ${JSON.stringify(value)} here: leave it out`, { fault: [], unknown: [name] });
        delete given[name];
      }
      const parsed = schema.safeParse(given);
      if (!parsed.success) {
        const { issues: all } = parsed.error;
        // Both of two exclusive arguments given, one of them the tool's to keep: the other is to be left out.
        const keep = spec.keepOf && given[spec.keepOf.name] !== undefined ? spec.keepOf : undefined;
        const exclusive = keep ? all.find((issue) => issue.code === 'custom' && issue.message.startsWith('only one of ')) : undefined;
        const drop = exclusive ? mentioned(exclusive.message).filter((name) => name !== keep!.name && given[name] !== undefined) : [];
        const issues = drop.length > 0 ? all.filter((issue) => issue !== exclusive) : all;
        const texts = issues.map((issue) => issueText(issue, given, jsonSchema, customFields));
        if (drop.length > 0) texts.unshift(`${drop.join(', ')} and ${keep!.name} were both given: give ${keep!.name} only (${keep!.because})`);
        const unknown = [...drop, ...issues.flatMap((issue) => (issue.code === 'unrecognized_keys' && issue.path.length === 0 ? issue.keys : []))];
        const fault = new Set(issues.flatMap((issue) => (issue.path.length ? [String(issue.path[0])] : issue.code === 'unrecognized_keys' ? [] : mentioned(issue.message))));
        return refuse(texts.join('; '), { fault: [...fault], unknown });
      }
      const data = parsed.data as Record<string, unknown>;
      const clash = Object.keys((data[CUSTOM_FIELDS] as object | undefined) ?? {}).filter((key) => bodyNames.has(key));
      if (clash.length > 0) return refuse(`${CUSTOM_FIELDS} holds ${clash.join(', ')}: pass ${clash.length > 1 ? 'them as their own arguments' : 'it as its own argument'}`);
      const path: Record<string, string> = {};
      const query: Record<string, unknown> = {};
      const bodyValues: Record<string, unknown> = { ...fixed };
      let fields: string[] | undefined;
      for (const arg of args) {
        const value = data[arg.name];
        if (value === undefined) continue;
        if (arg.to === FIELDS) fields = value as string[];
        else if (arg.to === CUSTOM_FIELDS) Object.assign(bodyValues, value);
        else if (arg.to === 'path') path[arg.wire] = value as string;
        else if (arg.to === 'query') query[arg.wire] = value;
        else bodyValues[arg.wire] = value;
      }
      const request: ToolRequest = {
        ...(operation.params ? { path } : {}),
        ...(operation.query ? { query } : {}),
        ...(body ? { body: bodyValues } : {}),
      };
      return { ok: true, request, fields, given: Object.keys(given) };
    },
  };
}

/** Every property name in a JSON Schema, in the order met. */
function propertyNames(schema: unknown, found = new Set<string>()): string[] {
  if (Array.isArray(schema)) schema.forEach((item) => propertyNames(item, found));
  else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties' && value && typeof value === 'object') Object.keys(value).forEach((name) => found.add(name));
      propertyNames(value, found);
    }
  }
  return [...found];
}

const pathText = (path: readonly PropertyKey[]) => path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i ? '.' : ''}${String(key)}`)).join('');

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((current, key) => (current && typeof current === 'object' ? (current as Record<PropertyKey, unknown>)[key] : undefined), value);
}

/** The schema node at `path` of a JSON Schema (through `properties` and `items`). */
function schemaAt(schema: JsonSchema | undefined, path: readonly PropertyKey[]): JsonSchema | undefined {
  let node = schema;
  for (const key of path) {
    if (!node) return undefined;
    node = (typeof key === 'number' ? node.items : (node.properties as Record<string, JsonSchema> | undefined)?.[String(key)]) as JsonSchema | undefined;
  }
  return node;
}

/** One refused argument in words an agent can act on: what is unknown and what is allowed, what is missing and where it comes from. */
function issueText(issue: z.core.$ZodIssue, given: Record<string, unknown>, schema: JsonSchema, customFields: boolean): string {
  const at = pathText(issue.path);
  const node = schemaAt(schema, issue.path);
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.join(', ');
    const allowed = Object.keys((node?.properties as object | undefined) ?? {}).join(', ');
    if (issue.path.length > 0) return `unknown key${issue.keys.length > 1 ? 's' : ''} ${keys} in ${at}: it takes ${allowed}`;
    const takes = allowed ? `the arguments are ${allowed}` : 'the tool takes no arguments';
    return `unknown argument${issue.keys.length > 1 ? 's' : ''} ${keys}: ${takes}${customFields ? `; custom field values go in ${CUSTOM_FIELDS}, by registered name` : ''}`;
  }
  if (issue.path.length > 0 && valueAt(given, issue.path) === undefined) {
    return `${at} is required${typeof node?.description === 'string' ? ` (${node.description.replace(/\.$/, '')})` : ''}`;
  }
  return at ? `${at}: ${issue.message}` : issue.message;
}
