import type { CustomFieldUpdate, CustomFieldValue, operations } from '@network-org/spec/openapi';
import type { operationRoutes } from '@network-org/spec/routes';
import type { RequestOptions } from './request-options';

/** The name of an operation of the spec. */
export type OperationId = keyof operations;

type Parameters<Op extends OperationId> = operations[Op]['parameters'];
type Route<Op extends OperationId> = (typeof operationRoutes)[Op];

/** The path parameters of an operation, by operationId (`never` when its path has none). */
export type OperationPathParams<Op extends OperationId> = Parameters<Op> extends { path: infer Path } ? Path : never;

/** The query parameters of an operation, by operationId. */
export type OperationQuery<Op extends OperationId> = NonNullable<Parameters<Op>['query']>;

/** The JSON request body of an operation, by operationId. */
export type OperationBody<Op extends OperationId> = [RequestBody<Op>] extends [never]
  ? never
  : RequestBody<Op> extends { content: { 'application/json': infer Body } }
    ? Body
    : never;
type RequestBody<Op extends OperationId> = NonNullable<operations[Op]['requestBody']>;

/**
 * A record type's declared fields, without the index signatures of its custom fields (`string` and `CustomFieldName`
 * keys): the fields a literal of the record must have, and nothing else.
 */
export type KnownFields<T> = { [K in keyof T as {} extends Record<K, unknown> ? never : K]: T[K] };

/**
 * The body of a contact or company update, checked key by key: `account_id`, `tags` and `notes_json` by their own
 * types, every other key as a registered custom field's value (`string | number | boolean | null`), so that a
 * misspelt `tags` (`tag: { add: [...] }`, an object under another key) does not compile. A body typed with an index
 * signature (built at run time) is taken as the spec types it, and the service checks its keys.
 */
export type UpdateBody<Op extends 'updateContact' | 'updateCompany', B> = string extends keyof B
  ? OperationBody<Op>
  : KnownFields<OperationBody<Op>> & { [K in keyof B as K extends keyof KnownFields<OperationBody<Op>> ? never : K]: CustomFieldUpdate };

/**
 * The body of a contact or company update for a dataset whose custom fields are known: `Fields` maps each registered
 * name to its value's type (for the mock's default dataset, `DefaultCustomFields['contact']` of `@network-org/mock`),
 * so that a misspelt name, or a value of another type, does not compile. `null` clears a field.
 */
export type UpdateBodyFor<Op extends 'updateContact' | 'updateCompany', Fields extends Record<string, CustomFieldValue>> = KnownFields<OperationBody<Op>> & {
  [K in keyof Fields]?: Fields[K] | null;
};

/** The JSON body of an operation's successful (200 or 201) responses, by operationId. */
export type OperationData<Op extends OperationId> = {
  [Status in keyof operations[Op]['responses']]: Status extends 200 | 201
    ? operations[Op]['responses'][Status] extends { content: { 'application/json': infer Body } }
      ? Body
      : never
    : never;
}[keyof operations[Op]['responses']];

/** The operations whose answer is a list of items (paged or not). */
export type ListOperationId = { [Op in OperationId]: Route<Op>['list'] extends null ? never : Op }[OperationId];

/** The operations whose answer is one page of a list, with `pagination`: `client.request` gives a `PagePromise`. */
export type PagedOperationId = { [Op in OperationId]: Route<Op>['list'] extends { paged: true } ? Op : never }[OperationId];

type ListRoute<Op extends ListOperationId> = Exclude<Route<Op>['list'], null>;

/** The object a list's items are in: `data`, or the answer itself for the one answer without that envelope. */
export type ListPayload<Op extends ListOperationId> = ListRoute<Op>['envelope'] extends 'data'
  ? OperationData<Op> extends { data: infer Payload }
    ? Payload
    : never
  : OperationData<Op>;

/** The name of a list's items in its payload (`'contacts'`, `'activity'`, ...). */
export type ListKey<Op extends ListOperationId> = ListRoute<Op>['key'] & keyof ListPayload<Op>;

/** One item of a list operation; of a union of operations (one picked at run time), an item of any of them. */
export type OperationItem<Op extends ListOperationId> = Op extends ListOperationId ? (ListPayload<Op>[ListKey<Op>] extends ReadonlyArray<infer Item> ? Item : never) : never;

/** The fields of a page's payload beside its items and `pagination` (the activity list's `filters`, ...). */
export type PageExtras<Op extends PagedOperationId> = Omit<ListPayload<Op>, ListKey<Op> | 'pagination'>;

// What an operation does not have is typed `never`, so that passing it (`body` to a list) does not compile.
type PathArgs<Op extends OperationId> = [OperationPathParams<Op>] extends [never] ? { path?: never } : { path: OperationPathParams<Op> };
type QueryArgs<Op extends OperationId> = Parameters<Op> extends { query: infer Query }
  ? { query: Query }
  : [OperationQuery<Op>] extends [never]
    ? { query?: never }
    : { query?: OperationQuery<Op> };
type BodyArgs<Op extends OperationId> = operations[Op] extends { requestBody: { content: { 'application/json': infer Body } } }
  ? { body: Body }
  : [OperationBody<Op>] extends [never]
    ? { body?: never }
    : { body?: OperationBody<Op> };

/**
 * What `client.request(operationId, args)` takes: `path` (its path parameters), `query` and `body`, each present
 * exactly when the operation has it and required exactly when the spec requires it.
 */
export type OperationArgs<Op extends OperationId> = PathArgs<Op> & QueryArgs<Op> & BodyArgs<Op>;

/** The arguments after the operationId: `args` may be left out when nothing in it is required. */
export type OperationParams<Op extends OperationId> = {} extends OperationArgs<Op>
  ? [args?: OperationArgs<Op>, options?: RequestOptions]
  : [args: OperationArgs<Op>, options?: RequestOptions];
