// The spec read the way an outside OpenAPI 3.1 tool reads it: YAML parsed, responses validated by ajv
// (JSON Schema 2020-12), independent of the generated zod schemas the packages use.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export const specPath = fileURLToPath(new URL('../../spec/openapi.yaml', import.meta.url));

interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  minimum?: number;
  [key: string]: unknown;
}
interface MediaObject {
  schema?: SchemaObject;
}
interface HeaderObject {
  $ref?: string;
  required?: boolean;
  schema?: SchemaObject;
}
interface ResponseObject {
  $ref?: string;
  headers?: Record<string, HeaderObject>;
  content?: Record<string, MediaObject>;
}
interface OperationObject {
  operationId: string;
  responses: Record<string, ResponseObject>;
}
type PathItem = Partial<Record<HttpMethod, OperationObject>>;
interface SpecDocument {
  paths: Record<string, PathItem>;
  components: Record<string, Record<string, unknown>>;
}

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * The setup file reads the spec in every test file, and parsing its YAML costs more than half a second of CPU each
 * time: the parsed document is kept as JSON under node_modules/.cache, named by a digest of the YAML, so that only
 * the first file after an edit of the spec parses it.
 */
async function readSpec(): Promise<SpecDocument> {
  const text = readFileSync(specPath, 'utf8');
  const cacheDir = fileURLToPath(new URL('../../node_modules/.cache/network-org-spec', import.meta.url));
  const cached = join(cacheDir, `${createHash('sha256').update(text).digest('hex').slice(0, 24)}.json`);
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, 'utf8')) as SpecDocument;
  const { parse } = await import('yaml');
  const document = parse(text) as SpecDocument;
  mkdirSync(cacheDir, { recursive: true });
  // Written aside and renamed, so that a test file running at the same time never reads half of it.
  const staging = `${cached}.${process.pid}`;
  writeFileSync(staging, JSON.stringify(document));
  renameSync(staging, cached);
  return document;
}

export const spec = await readSpec();

/** Follows a local `$ref` (`#/components/...`) to the object it names. */
export function deref<T extends { $ref?: string }>(node: T): T {
  if (!node.$ref) return node;
  const target = node.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((acc, key) => (acc as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')], spec);
  return deref(target as T);
}

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

export interface SpecResponse {
  status: string;
  /** JSON pointer of the response object after following a `$ref`. */
  pointer: string;
  headers: Record<string, HeaderObject>;
  hasJsonBody: boolean;
}

export interface SpecOperation {
  operationId: string;
  method: HttpMethod;
  template: string;
  pattern: RegExp;
  responses: Map<string, SpecResponse>;
}

function compileTemplate(template: string): RegExp {
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => (/^\{[^}]+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

export const specOperations: SpecOperation[] = Object.entries(spec.paths).flatMap(([template, item]) =>
  HTTP_METHODS.flatMap((method) => {
    const op = item[method];
    if (!op) return [];
    const responses = new Map<string, SpecResponse>();
    for (const [status, raw] of Object.entries(op.responses)) {
      const pointer = raw.$ref ?? `#/paths/${escapePointer(template)}/${method}/responses/${status}`;
      const response = deref(raw);
      const headers = Object.fromEntries(
        Object.entries(response.headers ?? {}).map(([name, header]) => [name.toLowerCase(), deref(header)]),
      );
      responses.set(status, { status, pointer, headers, hasJsonBody: Boolean(response.content?.['application/json']) });
    }
    return [{ operationId: op.operationId, method, template, pattern: compileTemplate(template), responses }];
  }),
);

/** The spec operation a request reaches, by method and path (relative to the base URL). */
export function findSpecOperation(method: string, pathname: string): SpecOperation | undefined {
  const lower = method.toLowerCase();
  return specOperations.find((op) => op.method === lower && op.pattern.test(pathname));
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addFormat('int32', {
  type: 'number',
  validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31,
});
ajv.addSchema({ ...spec, $id: 'spec' });

const compiled = new Map<string, ValidateFunction>();

/** ajv's verdict on `body` as the JSON body of `response`: a list of violations, empty when it conforms. */
export function validateBodyWithAjv(response: SpecResponse, body: unknown): string[] {
  return validateWithAjv(`${response.pointer}/content/application~1json/schema`, body);
}

/** ajv's verdict on `value` against the schema at `pointer` (`#/components/schemas/ErrorBody`). */
export function validateWithAjv(pointer: string, value: unknown): string[] {
  const ref = `spec${pointer}`;
  let check = compiled.get(ref);
  if (!check) {
    check = ajv.compile({ $ref: ref });
    compiled.set(ref, check);
  }
  return check(value) ? [] : (check.errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message ?? ''}`);
}

/** Violations of the response headers the spec declares (e.g. `Retry-After` on 429). */
export function validateHeaders(response: SpecResponse, headers: Headers): string[] {
  const violations: string[] = [];
  for (const [name, header] of Object.entries(response.headers)) {
    const value = headers.get(name);
    if (value === null) {
      // A header the spec documents for a status is what clients rely on; treat it as required.
      violations.push(`header ${name} is missing`);
      continue;
    }
    const schema = header.schema ? deref(header.schema) : undefined;
    if (schema?.type === 'integer') {
      const number = Number(value);
      if (!/^\d+$/.test(value.trim()) || (schema.minimum !== undefined && number < schema.minimum)) {
        violations.push(`header ${name} is "${value}", not an integer${schema.minimum !== undefined ? ` >= ${schema.minimum}` : ''}`);
      }
    }
  }
  return violations;
}
