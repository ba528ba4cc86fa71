import { z } from 'zod';
import { SESSION_EVICTED_HEADER, SESSION_HEADER, SESSION_STARTED_HEADER } from '../engine/respond';
import { VERSION } from '../version';
import { errorBody } from './answers';
import type { ControlRoute } from './table';

/*
 * The control API's OpenAPI 3.1 description, written from the table that routes it (table.ts): every row is an
 * operation, its query and body schemas are its parameters and request body, its answers and the errors every row
 * can give are its responses. `GET /__mock/control.openapi.json` serves it with the address the request reached.
 */

export const CONTROL_PREFIX = '/__mock';

type JsonSchema = Record<string, unknown>;

/** A zod schema as the JSON Schema (draft 2020-12, OpenAPI 3.1's) of what a caller sends or reads. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const TAGS: Record<ControlRoute['tag'], string> = {
  Health: 'Whether the mock is up: answered to anyone.',
  Descriptions: 'Machine-readable descriptions of the API and of this control API, to generate clients from: answered to anyone.',
  Sessions: 'Named sessions (`X-Mock-Session`): each holds its own copy of the dataset, faults, journal and rate-limit windows.',
  State: 'The session\'s state: reset, snapshots, the state as JSON text.',
  Seeding: 'Your own records, visible at once to every endpoint.',
  Faults: 'Requests that fail, are delayed or are dropped on purpose.',
  Journal: 'The requests the mock answered.',
  Coverage: 'Which operations, statuses, parameters and fields of the API a test suite exercised.',
  Data: 'What the API does not let a client read: network profiles, drafts, custom fields.',
  Inspector: 'The inspector page and its data browser.',
};

const error = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

const RESPONSES = {
  BadRequest: error('The input, or the `X-Mock-Session` header, is refused: the message says which and why.'),
  Unauthorized: error(
    'The control API wants its token: off a loopback address it answers only when the mock was started with `NETWORK_MOCK_CONTROL_TOKEN` (or `--control-token`), and then only to `Authorization: Bearer <token>`.',
  ),
  NotFound: error('Nothing of that name or id (the message says what lists them).'),
  InternalError: error('The mock failed while answering: the message says where.'),
};

const SESSION_HEADERS = {
  [SESSION_STARTED_HEADER]: {
    description: 'On the first answer of a session that started from the seeded dataset (new, dropped or evicted before, or not in the state file the mock started from): the instant it started.',
    schema: { type: 'string', format: 'date-time' },
  },
  [SESSION_EVICTED_HEADER]: {
    description: 'The least recently used session dropped to make room for this one.',
    schema: { type: 'string' },
  },
};

function parameters(route: ControlRoute): unknown[] {
  const found: unknown[] = [];
  for (const [, name] of route.path.matchAll(/\{([^}]+)\}/g)) {
    const values = route.paramValues?.[name as string];
    found.push({
      name,
      in: 'path',
      required: true,
      description: route.restParam && route.path.endsWith(`{${name}}`) ? 'The rest of the path, slashes included.' : `The ${name?.replaceAll('_', ' ')}.`,
      schema: values ? { type: 'string', enum: values } : { type: 'string' },
    });
  }
  if (route.query) {
    const schema = jsonSchema(route.query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const described = Object.keys(property).length === 0 ? { type: 'integer', minimum: 1 } : property;
      found.push({ name, in: 'query', required: schema.required?.includes(name) ?? false, schema: described });
    }
  }
  if (route.session) found.push({ $ref: '#/components/parameters/Session' });
  return found;
}

function operation(route: ControlRoute): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(route.answers)) {
    responses[status] = {
      description: answer.description,
      ...(route.session && { headers: SESSION_HEADERS }),
      content: { [answer.contentType ?? 'application/json']: { schema: answer.schema ? jsonSchema(answer.schema, 'output') : {} } },
    };
  }
  responses['400'] = { $ref: '#/components/responses/BadRequest' };
  if (route.access !== 'open') responses['401'] = { $ref: '#/components/responses/Unauthorized' };
  if (route.path.includes('{')) responses['404'] = { $ref: '#/components/responses/NotFound' };
  responses['500'] = { $ref: '#/components/responses/InternalError' };
  const body = route.body && {
    required: route.body.required,
    content: { 'application/json': { schema: jsonSchema(route.body.schema, 'input') } },
  };
  return {
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.summary,
    description: route.description,
    // Open rows want nothing; the others want the token where the mock has one (and nothing on loopback without).
    security: route.access === 'open' ? [] : [{ controlToken: [] }, {}],
    parameters: parameters(route),
    ...(body && { requestBody: body }),
    responses,
  };
}

/** The OpenAPI 3.1 description of `routes`, served from `selfUrl`. */
export function controlDescription(routes: readonly ControlRoute[], selfUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = `${CONTROL_PREFIX}${route.path}`;
    (paths[path] ??= {})[route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'network-mock control API',
      version: VERSION,
      summary: 'Seed, fault, reset and inspect the mock of the Professional-Network Organization Data API.',
      description:
        `The control API of \`network-mock serve\`, under \`${CONTROL_PREFIX}/\`, without an API key. It answers on a loopback address, or with the control token (\`NETWORK_MOCK_CONTROL_TOKEN\`, \`--control-token\`) on any address; health and the two descriptions answer anyone. A call with \`${SESSION_HEADER}: NAME\` acts on that session, as API calls with it do.`,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: selfUrl, description: 'This mock.' }],
    tags: Object.entries(TAGS)
      .filter(([name]) => routes.some((route) => route.tag === name))
      .map(([name, description]) => ({ name, description })),
    paths,
    components: {
      securitySchemes: {
        controlToken: { type: 'http', scheme: 'bearer', description: 'The control token the mock was started with (`NETWORK_MOCK_CONTROL_TOKEN`).' },
      },
      parameters: {
        Session: {
          name: SESSION_HEADER,
          in: 'header',
          required: false,
          description: 'The session to act on (1 to 64 characters of `A-Za-z0-9._-`), created on first use; without it, the default session.',
          schema: { type: 'string', pattern: '^[A-Za-z0-9._-]{1,64}$' },
        },
      },
      schemas: { Error: jsonSchema(errorBody, 'output') },
      responses: RESPONSES,
    },
  };
}
