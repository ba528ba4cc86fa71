import type { OperationId } from '@network-org/sdk';
import { operationDocs } from '@network-org/spec/docs';
import { schemas } from '@network-org/spec/zod';

/**
 * Every rule the API's documentation states, one per row of docs/parity.md's rule map. The rules of the spec's
 * shapes are read from it (each parameter, each form of a query array, each enumerated value of a parameter, each
 * documented response of each operation, each error code), so that a new one is a row the map lacks by itself;
 * the rules the description states in words (the window's bounds, what `query` searches by, the value types of
 * custom fields, the documented messages, who sees what) are listed here.
 */
export type RuleKind = 'parameter' | 'form' | 'value' | 'boundary' | 'search' | 'value type' | 'response' | 'error code' | 'message' | 'who sees what';

export interface Rule {
  id: string;
  kind: RuleKind;
  operation?: OperationId;
  /** What the documentation says, in a few words. */
  says: string;
}

type Input = { name: string; in: string; type: string; enum?: readonly string[]; items?: { enum?: readonly string[] } };
const OPERATIONS = Object.keys(operationDocs) as OperationId[];
const inputsOf = (operation: OperationId) => operationDocs[operation].inputs as readonly Input[];

/** The rules read from the spec. */
function specRules(): Rule[] {
  const rules: Rule[] = [];
  for (const operation of OPERATIONS) {
    for (const input of inputsOf(operation)) {
      rules.push({ id: `parameter ${operation} ${input.in} ${input.name}`, kind: 'parameter', operation, says: `${input.in} ${input.name} (${input.type})` });
      if (input.in === 'query' && input.type === 'array') {
        rules.push({ id: `form ${operation} ${input.name} repeated`, kind: 'form', operation, says: `${input.name}=a&${input.name}=b (query arrays: repeat the parameter)` });
        rules.push({ id: `form ${operation} ${input.name} comma-separated`, kind: 'form', operation, says: `${input.name}=a,b (comma-separated values are also accepted)` });
      }
      for (const value of input.enum ?? input.items?.enum ?? []) {
        rules.push({ id: `value ${operation} ${input.name} ${value}`, kind: 'value', operation, says: `${input.name}=${value}` });
      }
    }
    for (const [status, says] of Object.entries(operationDocs[operation].responses as Record<string, string>)) {
      rules.push({ id: `response ${operation} ${status}`, kind: 'response', operation, says: `${status}: ${says.split('\n')[0]}` });
    }
  }
  for (const code of schemas.ErrorCode.options as readonly string[]) rules.push({ id: `error code ${code}`, kind: 'error code', says: `code ${code}` });
  return rules;
}

/** The rules the description states in words. */
export const DESCRIBED: Rule[] = [
  { id: 'boundary listActivity from inclusive', kind: 'boundary', operation: 'listActivity', says: 'from is the inclusive window start: an event at from is in' },
  { id: 'boundary listActivity to exclusive', kind: 'boundary', operation: 'listActivity', says: 'to is the exclusive window end: an event at to is out' },
  { id: 'boundary getActivitySummary from inclusive', kind: 'boundary', operation: 'getActivitySummary', says: 'the summary counts the same window: an event at from is counted' },
  { id: 'boundary getActivitySummary to exclusive', kind: 'boundary', operation: 'getActivitySummary', says: 'an event at to is not counted' },
  { id: 'boundary listActivity date-only', kind: 'boundary', operation: 'listActivity', says: 'a date-only from is read in timezone; a date-only to advances to the start of the following local day, echoed with to_exclusive: true' },
  { id: 'boundary listActivity timezone default', kind: 'boundary', operation: 'listActivity', says: 'timezone defaults to UTC' },
  { id: 'boundary limit default', kind: 'boundary', says: 'limit defaults to 10 (contacts, companies, conversations, messages, views) and 50 (activity)' },
  { id: 'boundary limit minimum', kind: 'boundary', says: 'limit is at least 1' },
  { id: 'boundary limit clamp', kind: 'boundary', says: 'a limit above 25 is clamped to 25' },
  { id: 'boundary listActivity limit range', kind: 'boundary', operation: 'listActivity', says: 'the activity limit is between 1 and 200' },
  { id: 'boundary id pattern', kind: 'boundary', says: 'id parameters match ^[1-9][0-9]*$' },
  { id: 'boundary pagination next_cursor', kind: 'boundary', says: 'next_cursor is present when more results exist' },
  ...['name', 'headline', 'company', 'role', 'handle', 'profile URL'].map((input): Rule => ({ id: `search query ${input}`, kind: 'search', operation: 'listContacts', says: `query searches by ${input}` })),
  ...['profile details', 'tags', 'notes', 'locations', 'work history', 'education', 'company data'].map((input): Rule => ({ id: `search search ${input}`, kind: 'search', operation: 'listContacts', says: `search is a broad search over ${input}` })),
  { id: 'search company_name current', kind: 'search', operation: 'listContacts', says: 'company_name: a current company name' },
  { id: 'search company_name past', kind: 'search', operation: 'listContacts', says: 'company_name: a past company name' },
  ...['string', 'number', 'boolean', 'null'].map((type): Rule => ({ id: `value type custom field ${type}`, kind: 'value type', operation: 'updateContact', says: type === 'null' ? 'a custom field set to null is cleared' : `a custom field holds a ${type}, answered as a top-level key` })),
  { id: 'value type notes_json null', kind: 'value type', operation: 'updateContact', says: 'notes_json null clears notes' },
  { id: 'value type tags add', kind: 'value type', operation: 'updateContact', says: 'tags.add adds {name, color}' },
  { id: 'value type tags remove', kind: 'value type', operation: 'updateContact', says: 'tags.remove removes by name' },
  { id: 'value type tags set', kind: 'value type', operation: 'updateContact', says: 'tags.set replaces all tags' },
  { id: 'message header missing', kind: 'message', says: 'missing header: 401 unauthorized, "header is required"' },
  { id: 'message other scheme', kind: 'message', says: 'a scheme other than Bearer: 401 unauthorized, "header must use the Bearer scheme"' },
  { id: 'message invalid key', kind: 'message', says: 'an invalid or malformed key: 401 unauthorized, "Invalid API key"' },
  { id: 'message retired key', kind: 'message', says: 'a retired key: 401 unauthorized, "Invalid API key"' },
  { id: 'message api access off', kind: 'message', says: "API access not enabled: 403 forbidden, \"you don't have access to this organization\"" },
  { id: 'message inactive user', kind: 'message', says: 'a key no longer linked to an active user: 403 forbidden, asking an admin to regenerate the key' },
  { id: 'message plan lacks the API', kind: 'message', says: 'the API feature not in the plan: 403 billing_feature_not_available' },
  { id: 'message credits insufficient', kind: 'message', says: 'insufficient credits: 403 billing_insufficient_credits' },
  { id: 'message admin only', kind: 'message', says: 'activity for a non-admin: 403 forbidden, "Only organization admins can perform this action."' },
  { id: 'message rate limit', kind: 'message', says: 'past the rate limit: 429 rate_limit_exceeded, with Retry-After in integer seconds' },
  { id: 'message rate limit per endpoint', kind: 'message', says: 'the rate limit is 50 requests per 10 seconds per client IP and per endpoint' },
  { id: 'message tag reserved', kind: 'message', says: 'tag on the activity endpoints: 400 bad_request' },
  { id: 'who activity admin only', kind: 'who sees what', says: 'the activity endpoints require an organization admin' },
  { id: 'who accounts listed', kind: 'who sees what', says: 'an account not accessible to the credential is 403 account_shared_access_required' },
  { id: 'who accounts of the credential', kind: 'who sees what', says: 'GET /v1/accounts: the accounts the credential may use' },
  { id: 'who view scopes contacts', kind: 'who sees what', says: "view_id: the contacts list is scoped to the view's account" },
  { id: 'who view scopes companies', kind: 'who sees what', says: "view_id on companies: scoped to the view's account, account_id ignored" },
  { id: 'who view id or public_id', kind: 'who sees what', says: 'view_id takes a view id or public_id' },
  { id: 'who own profile ignored', kind: 'who sees what', says: "conversations' tag: the connected account's own profile is ignored" },
  { id: 'who update names the account', kind: 'who sees what', says: "a PATCH names the account of the contact: that account's relationship is answered" },
  { id: 'who import 201 then 200', kind: 'who sees what', says: 'import: 201 the first time, 200 when already attached to the account' },
  { id: 'who draft replaces', kind: 'who sees what', says: 'a draft for the same contact or conversation replaces the earlier one; nothing is sent' },
  { id: 'who organization envelope', kind: 'who sees what', says: 'GET /v1/organization is {organization: [Organization]}, every other success {data: ...}' },
];

/** Every rule, the spec's first. */
export const RULES: Rule[] = [...specRules(), ...DESCRIBED];
