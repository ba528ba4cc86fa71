// `packages/sdk/api.md` behind `pnpm generate`: every method of the SDK with its operation, HTTP route, parameters
// (types, enums, defaults, what is required), result and error classes. The methods are read from the SDK's own
// sources (which operationId each resource method calls), everything else from the generated route table and
// docs, so neither can drift from the reference.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** The error class the SDK throws for each status (packages/sdk/src/core/errors.ts). */
const ERROR_CLASSES = {
  400: 'BadRequestError',
  401: 'AuthenticationError',
  403: 'PermissionDeniedError',
  404: 'NotFoundError',
  409: 'ConflictError',
  429: 'RateLimitError',
  500: 'InternalServerError',
  502: 'UpstreamError',
};

const parse = (file) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

/** The string literal first argument of a call of `this.call`, `this.paginated` or `callOperation(ctx, ...)`. */
function operationIdIn(node) {
  let found;
  const visit = (child) => {
    if (found) return;
    if (ts.isCallExpression(child)) {
      const callee = child.expression.getText();
      const args = child.arguments;
      const literal = callee === 'callOperation' ? args[1] : /^this\.(call|paginated)$/.test(callee) ? args[0] : undefined;
      if (literal && ts.isStringLiteral(literal)) found = literal.text;
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

/** Each class of `files`: its methods (name, parameters, return type, JSDoc, operationId) and `this.x = new Y()` members. */
function classesOf(files) {
  const classes = new Map();
  for (const file of files) {
    const source = parse(file);
    for (const statement of source.statements) {
      if (!ts.isClassDeclaration(statement) || !statement.name) continue;
      const methods = [];
      const members = [];
      for (const member of statement.members) {
        if (ts.isMethodDeclaration(member) && member.body && !member.modifiers?.some((m) => m.kind === ts.SyntaxKind.ProtectedKeyword)) {
          const operationId = operationIdIn(member.body);
          if (!operationId) continue;
          methods.push({
            name: member.name.getText(),
            // A type parameter (`<B extends UpdateBody<'updateContact', B>>`) says what its parameter takes.
            typeParams: member.typeParameters ? `<${member.typeParameters.map((param) => param.getText()).join(', ')}>` : '',
            params: member.parameters.map((param) => param.getText().replace(/\s+/g, ' ')).join(', '),
            returns: member.type?.getText().replace(/\s+/g, ' ') ?? '',
            doc: ts.getJSDocCommentsAndTags(member).map((doc) => (typeof doc.comment === 'string' ? doc.comment : '')).join(' ').trim(),
            operationId,
          });
        }
        if (ts.isConstructorDeclaration(member) && member.body) {
          for (const line of member.body.statements) {
            const text = line.getText();
            const match = /^this\.(\w+) = new (\w+)\(/.exec(text);
            if (match) members.push({ property: match[1], className: match[2] });
          }
        }
      }
      classes.set(statement.name.text, { methods, members });
    }
  }
  return classes;
}

/** `client.contacts.update` -> its method, for every method reachable from `NetworkClient`. */
function sdkMethods(sdkSrc) {
  const files = [join(sdkSrc, 'client.ts'), ...readdirSync(join(sdkSrc, 'resources')).map((name) => join(sdkSrc, 'resources', name))];
  const classes = classesOf(files);
  const methods = [];
  const walk = (className, path) => {
    const cls = classes.get(className);
    if (!cls) return;
    for (const method of cls.methods) methods.push({ ...method, call: `${path}.${method.name}` });
    for (const { property, className: inner } of cls.members) walk(inner, `${path}.${property}`);
  };
  walk('NetworkClient', 'client');
  return methods;
}

/** A parameter's type as TypeScript would spell it from its shape. */
function typeOf(shape) {
  let type;
  if (shape.enum) type = shape.enum.map((value) => JSON.stringify(value).replace(/"/g, "'")).join(' \\| ');
  else if (shape.type === 'array') type = `${typeOf(shape.items)}[]`;
  else if (shape.type === 'integer') type = 'number (integer)';
  else type = shape.type;
  return shape.nullable ? `${type} \\| null` : type;
}

/** A table cell: one line, pipes escaped. */
const cell = (value) => String(value ?? '').replace(/\n+/g, ' ').replace(/\|/g, '\\|');

function inputRow(input, description) {
  const notes = [];
  if (input.default !== undefined) notes.push(`default \`${JSON.stringify(input.default)}\``);
  if (input.minimum !== undefined) notes.push(`minimum ${input.minimum}`);
  if (input.maximum !== undefined) notes.push(`maximum ${input.maximum}`);
  if (input.pattern) notes.push(`pattern \`${input.pattern}\``);
  if (input.items?.pattern) notes.push(`items match \`${input.items.pattern}\``);
  const text = [description, notes.length ? `(${notes.join(', ')})` : ''].filter(Boolean).join(' ');
  return `| \`${input.name}\` | ${input.in} | \`${typeOf(input)}\` | ${input.required ? 'yes' : ''} | ${cell(text)} |`;
}

/** The text of `packages/sdk/api.md` for `operationRoutes` and `operationDocs`, from the SDK sources under `sdkSrc`. */
export function apiMarkdown({ operationRoutes, operationDocs, sdkSrc }) {
  const methods = sdkMethods(sdkSrc);
  const byOperation = new Map(methods.map((method) => [method.operationId, method]));
  const missing = Object.keys(operationRoutes).filter((id) => !byOperation.has(id));
  if (missing.length) throw new Error(`api.md: no SDK method calls ${missing.join(', ')} (packages/sdk/src/resources)`);
  const lines = [
    '# API reference of `@network-org/sdk`',
    '',
    '<!-- GENERATED by scripts/generate.mjs from spec/openapi.yaml and packages/sdk/src. Do not edit; run `pnpm generate`. -->',
    '',
    'Every method of `NetworkClient`, the operation it calls, its parameters and its errors. Each method is a wrapper',
    'over `client.request(operationId, { path, query, body }, options)`, which takes the same parameters by the same',
    'names; every method takes `options` last: `{ signal, timeout, maxRetries, retrySafe, headers }`. Paged lists give a',
    '`PagePromise` (`await` for the first page, `for await` for every item, `.toArray({ maxItems })` for them in an',
    'array; without `maxItems` a list of more than 10,000 items rejects); the rest give an `APIPromise`',
    '(`.withResponse()` for the HTTP response). Every call can also throw `RateLimitError` (429) after its retries,',
    '`ApiConnectionError` / `ApiTimeoutError` on transport failures, and `ResponseValidationError` when the answer is',
    'not what the spec says.',
    '',
    '| method | operationId | HTTP |',
    '|---|---|---|',
    ...Object.entries(operationRoutes).map(([id, route]) => {
      const method = byOperation.get(id);
      return `| [\`${method.call}()\`](#${anchor(method.call)}) | \`${id}\` | \`${route.method} ${route.path}\` |`;
    }),
    '',
  ];
  for (const [id, route] of Object.entries(operationRoutes)) {
    const method = byOperation.get(id);
    const docs = operationDocs[id];
    lines.push(`## ${method.call}`, '');
    lines.push('```ts', `${method.call}${method.typeParams}(${method.params}): ${method.returns}`, '```', '');
    const retried = route.retrySafe
      ? 'retried on a 429, a connection failure, a timeout, a 408 or a 5xx'
      : 'retried on a 429 or a connection that failed before sending only (a second request would do more than the first)';
    lines.push(`\`${route.method} ${route.path}\` · operationId \`${id}\`${route.list?.paged ? ` · paged list of \`${route.list.key}\`` : ''} · ${retried}`, '');
    lines.push(`**${docs.summary}.** ${docs.description.replace(/\n/g, ' ')}`, '');
    if (method.doc && !docs.description.includes(method.doc)) lines.push(`The SDK: ${method.doc}`, '');
    if (docs.inputs.length) {
      lines.push('| parameter | in | type | required | notes |', '|---|---|---|---|---|');
      for (const input of docs.inputs) {
        const description = input.in === 'body' ? docs.body?.properties?.[input.name] : docs.parameters[input.name];
        lines.push(inputRow(input, description));
      }
      const extra = docs.body?.additionalProperties;
      if (extra) lines.push(`| *any other key* | body | \`${extra.types.join(' \\| ')}\` |  | ${cell(extra.description)} |`);
      lines.push('');
    }
    const errors = Object.entries(docs.responses).filter(([status]) => Number(status) >= 400);
    lines.push('| status | error class | when |', '|---|---|---|');
    for (const [status, description] of errors) lines.push(`| ${status} | \`${ERROR_CLASSES[status] ?? 'ApiError'}\` | ${cell(description)} |`);
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** GitHub's heading anchor of `## client.contacts.update`. */
function anchor(heading) {
  return heading.toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-');
}
