import type { OperationId } from '@network-org/sdk';
import type { ScenarioContext } from '../context';
import type { CallInput } from '../call';
import type { Need, Scenario } from './scenario';

/**
 * The documented errors, provoked: for each operation, the invalid input the description answers with a 400
 * (an id off the id pattern, a date that is none, a required field left out, ...) or a 404 (a resource that is not
 * there, on the operations whose errors list 404). Each asserts the status and the code, so that a 422, a 200 or
 * another code there is a difference. None can write: each request is refused before anything is read or spent, and
 * a write a drifted target accepts anyway is listed in the ledger as left.
 */
interface Provoked {
  operation: OperationId;
  /** The scenario's id after `errors.<operation>.` */
  what: string;
  title: string;
  /** Where the description says so, in plain words. */
  from: string;
  source: string;
  status: 400 | 404;
  needs?: Need[];
  input(t: ScenarioContext): Promise<CallInput>;
}

const BAD_ID = 'abc';
/** An id of the id pattern that no account holds. */
const UNKNOWN_ID = '987654321987';
const BAD_DATE = 'not-a-date';
const BAD_REQUEST = 'the errors table: invalid request parameters are 400 bad_request';
const ID_RULE = 'the limits: id parameters match ^[1-9][0-9]*$, so another value is an invalid parameter (400 bad_request)';
const NOT_FOUND = 'the errors table: 404 not_found when the requested resource is not found, on this operation';
const account = (t: ScenarioContext) => t.facts.accountId();

/** A profile URL of the network with a handle nobody has, built from a listed contact's URL. */
async function unknownProfile(t: ScenarioContext): Promise<string> {
  const url = new URL((await t.facts.contact()).network_url);
  url.pathname = url.pathname.replace(/[^/]+\/?$/, 'network-verify-no-such-person-5b1e07');
  return url.href;
}

const PROVOKED: Provoked[] = [
  // Reads: every query parameter with a rule, broken.
  ...(['listContacts', 'listCompanies', 'listViews', 'listActivity', 'getActivitySummary'] as const).map(
    (operation): Provoked => ({
      operation,
      what: 'account-id.pattern',
      title: `account_id=${BAD_ID} (off the id pattern) is 400 bad_request`,
      from: ID_RULE,
      source: 'description: Limits',
      status: 400,
      input: async () => ({ query: { account_id: [BAD_ID] } }),
    }),
  ),
  ...(['listActivity', 'getActivitySummary'] as const).flatMap((operation): Provoked[] => [
    {
      operation,
      what: 'from.invalid',
      title: `from=${BAD_DATE} (neither RFC 3339 nor YYYY-MM-DD) is 400 bad_request`,
      from: 'the activity parameters: from is RFC 3339 or YYYY-MM-DD; anything else is an invalid parameter',
      source: 'description: Endpoints',
      status: 400,
      input: async () => ({ query: { from: BAD_DATE } }),
    },
    {
      operation,
      what: 'to.invalid',
      title: `to=${BAD_DATE} is 400 bad_request`,
      from: 'the activity parameters: to is RFC 3339 or YYYY-MM-DD; anything else is an invalid parameter',
      source: 'description: Endpoints',
      status: 400,
      input: async () => ({ query: { to: BAD_DATE } }),
    },
    {
      operation,
      what: 'user-id.pattern',
      title: `user_id=${BAD_ID} (off the id pattern) is 400 bad_request`,
      from: 'the activity parameters: user_id matches ^[1-9][0-9]*$',
      source: 'description: Endpoints',
      status: 400,
      input: async () => ({ query: { user_id: [BAD_ID] } }),
    },
  ]),
  {
    operation: 'listConversationMessages',
    what: 'account-id.pattern',
    title: `account_id=${BAD_ID} (off the id pattern) is 400 bad_request`,
    from: 'the messages parameters: account_id is required and matches ^[1-9][0-9]*$',
    source: 'description: Endpoints',
    status: 400,
    input: async (t) => ({ params: { conversationId: (await t.facts.conversation()).conversation_id }, query: { account_id: BAD_ID } }),
  },
  // Writes: an id off its pattern in the path, a required field left out, a resource that is not there.
  {
    operation: 'updateContact',
    what: 'contact-id.pattern',
    title: `PATCH /v1/contacts/${BAD_ID} (off the id pattern) is 400 bad_request`,
    from: 'the contact update: contact_id matches ^[1-9][0-9]*$',
    source: 'description: Endpoints',
    status: 400,
    needs: ['writes'],
    input: async (t) => ({ params: { contact_id: BAD_ID }, body: { account_id: await account(t), notes_json: null } }),
  },
  {
    operation: 'updateCompany',
    what: 'company-id.pattern',
    title: `PATCH /v1/companies/${BAD_ID} (off the id pattern) is 400 bad_request`,
    from: 'the company update: company_id matches ^[1-9][0-9]*$',
    source: 'description: Endpoints',
    status: 400,
    needs: ['writes'],
    input: async (t) => ({ params: { company_id: BAD_ID }, body: { account_id: await account(t), notes_json: null } }),
  },
  {
    operation: 'findContactEmail',
    what: 'contact-id.pattern',
    title: `find-email for contact ${BAD_ID} (off the id pattern) is 400 bad_request`,
    from: 'find-email: contact_id matches ^[1-9][0-9]*$',
    source: 'description: Endpoints',
    status: 400,
    needs: ['credits'],
    input: async (t) => ({ params: { contact_id: BAD_ID }, body: { account_id: await account(t) } }),
  },
  {
    operation: 'findContactEmail',
    what: 'account-id.missing',
    title: 'find-email without account_id is 400 bad_request',
    from: 'find-email: the body is {account_id}',
    source: 'description: Endpoints',
    status: 400,
    needs: ['credits'],
    input: async (t) => ({ params: { contact_id: (await t.facts.contact()).contact_id }, body: {} }),
  },
  {
    operation: 'enrich',
    what: 'identifier.missing',
    title: 'enrich with account_id alone (neither network_url nor contact_id) is 400 bad_request',
    from: 'enrich: one of network_url and contact_id accompanies account_id',
    source: 'description: Endpoints',
    status: 400,
    needs: ['credits'],
    input: async (t) => ({ body: { account_id: await account(t) } }),
  },
  {
    operation: 'enrich',
    what: 'account-id.missing',
    title: 'enrich without account_id is 400 bad_request',
    from: 'enrich: the body is account_id plus one identifier',
    source: 'description: Endpoints',
    status: 400,
    needs: ['credits'],
    input: async (t) => ({ body: { network_url: (await t.facts.contact()).network_url } }),
  },
  {
    operation: 'importContact',
    what: 'network-url.missing',
    title: 'import without network_url is 400 bad_request',
    from: 'import: the body is account_id and network_url',
    source: 'description: Endpoints',
    status: 400,
    needs: ['writes'],
    input: async (t) => ({ body: { account_id: await account(t) } }),
  },
  {
    operation: 'importContact',
    what: 'profile.unknown',
    title: 'importing a well-formed profile URL nobody has is 404 not_found',
    from: NOT_FOUND,
    source: 'description: Errors',
    status: 404,
    needs: ['writes'],
    input: async (t) => ({ body: { account_id: await account(t), network_url: await unknownProfile(t) } }),
  },
  {
    operation: 'createDraft',
    what: 'draft-message.missing',
    title: 'a draft without draft_message is 400 bad_request (nothing is saved)',
    from: 'drafts: the body is account_id, draft_message and a contact or conversation',
    source: 'description: Endpoints',
    status: 400,
    needs: ['writes'],
    input: async (t) => ({ body: { account_id: await account(t), contact_id: (await t.facts.contact()).contact_id } }),
  },
  {
    operation: 'createDraft',
    what: 'target.missing',
    title: 'a draft with neither contact_id nor conversation_id is 400 bad_request',
    from: 'drafts: either contact_id or conversation_id',
    source: 'description: Endpoints',
    status: 400,
    needs: ['writes'],
    input: async (t) => ({ body: { account_id: await account(t), draft_message: 'network-verify (refused: never saved)' } }),
  },
  {
    operation: 'createDraft',
    what: 'conversation.unknown',
    title: 'a draft in a conversation nobody has is 404 not_found',
    from: NOT_FOUND,
    source: 'description: Errors',
    status: 404,
    needs: ['writes'],
    input: async (t) => ({ body: { account_id: await account(t), conversation_id: UNKNOWN_ID, draft_message: 'network-verify (refused: never saved)' } }),
  },
  {
    operation: 'createView',
    what: 'name.missing',
    title: 'a view without name is 400 bad_request (nothing is made)',
    from: 'views: the body is account_id, type, name, description and filters',
    source: 'description: Endpoints',
    status: 400,
    needs: ['writes'],
    input: async (t) => ({ body: { account_id: await account(t), type: 'contact', description: 'refused', filters: { specific_contacts: { contact_ids: [(await t.facts.contact()).contact_id] } } } }),
  },
  {
    operation: 'createView',
    what: 'contact-ids.pattern',
    title: `a view of contact ${BAD_ID} (off the id pattern) is 400 bad_request`,
    from: ID_RULE,
    source: 'description: Limits',
    status: 400,
    needs: ['writes'],
    input: async (t) => ({ body: { account_id: await account(t), type: 'contact', name: 'network-verify view (refused: never made)', description: 'refused', filters: { specific_contacts: { contact_ids: [BAD_ID] } } } }),
  },
];

/** What a write accepted anyway leaves: the API has no way to delete a draft, a view or an imported contact. */
const LEFT: Partial<Record<OperationId, string>> = {
  createDraft: 'the API has no way to delete a draft; nothing was sent',
  createView: 'the API has no way to delete a view',
  importContact: 'the API has no way to remove an imported contact',
};

export const errorScenarios: Scenario[] = PROVOKED.map((provoked) => ({
  id: `errors.${provoked.operation}.${provoked.what}`,
  operation: provoked.operation,
  behaviour: provoked.status === 404 ? 'status' : 'refusal',
  title: `${provoked.title} (${provoked.from})`,
  source: provoked.source,
  ...(provoked.needs && { needs: provoked.needs }),
  async run(t: ScenarioContext) {
    const input = await provoked.input(t);
    const answer = await t.call(provoked.operation, input);
    const left = LEFT[provoked.operation];
    if (left) t.run.ledger.wrote(answer, `${provoked.operation} ${provoked.what} in account ${await account(t)}`, 'accepted although the request is invalid', left);
    t.expectError(answer, provoked.status, provoked.status === 404 ? 'not_found' : 'bad_request');
  },
}));
