import type { OperationId } from '@network-org/sdk';
import type { ScenarioContext } from '../context';
import { type DocumentedMessage, MESSAGES } from '../check/messages';
import type { Scenario } from './scenario';

/**
 * The keys the authentication section refuses that a run is not given: a retired key, an organization whose API
 * access is off or whose plan lacks the API, a deactivated user, no credits left. Only the mock has such keys (its
 * fixture keys); on another target these scenarios are skipped, since no flag can hand verify such a key safely.
 */
interface RefusedKey {
  id: string;
  key: string;
  who: string;
  operation: OperationId;
  status: 401 | 403;
  code: string;
  message?: DocumentedMessage;
  needs?: Scenario['needs'];
  body?(t: ScenarioContext): Promise<unknown>;
}

const KEYS: RefusedKey[] = [
  { id: 'retired', key: 'sk_test_retired', who: 'a retired key', operation: 'listOrganizations', status: 401, code: 'unauthorized', message: MESSAGES.invalidKey },
  { id: 'api-disabled', key: 'sk_test_api_disabled', who: 'a key of an organization whose API access is not enabled', operation: 'listAccounts', status: 403, code: 'forbidden', message: MESSAGES.noAccess },
  { id: 'inactive-user', key: 'sk_test_inactive_user', who: 'a key that no longer links to an active organization user', operation: 'listContacts', status: 403, code: 'forbidden', message: MESSAGES.inactiveUser },
  { id: 'no-api-feature', key: 'sk_test_no_api_feature', who: "a key of an organization whose plan lacks the API feature", operation: 'listOrganizations', status: 403, code: 'billing_feature_not_available' },
  {
    id: 'no-credits',
    key: 'sk_test_no_credits',
    who: 'a key of an organization without credits',
    operation: 'enrich',
    status: 403,
    code: 'billing_insufficient_credits',
    needs: ['credits'],
    body: async (t) => ({ account_id: '1', network_url: (await t.facts.contact()).network_url }),
  },
];

/**
 * The errors of the network upstream and of a conflicting record, which the mock gives for its magic profile
 * handles (like a payment provider's test cards); a real service has no such profile, so they are skipped elsewhere.
 */
const MAGIC: { id: string; operation: 'importContact' | 'enrich'; handle: string; status: 409 | 502; code: string; needs: Scenario['needs'] }[] = [
  { id: 'errors.importContact.conflict', operation: 'importContact', handle: 'conflict', status: 409, code: 'conflict', needs: ['writes'] },
  { id: 'errors.importContact.upstream', operation: 'importContact', handle: 'upstream-error', status: 502, code: 'upstream_error', needs: ['writes'] },
  { id: 'errors.enrich.upstream', operation: 'enrich', handle: 'upstream-error', status: 502, code: 'upstream_error', needs: ['credits'] },
];

const magicScenarios: Scenario[] = MAGIC.map((magic) => ({
  id: magic.id,
  operation: magic.operation,
  behaviour: 'status',
  title: `${magic.operation === 'enrich' ? 'enriching' : 'importing'} the mock's magic profile ${JSON.stringify(magic.handle)} is ${magic.status} ${magic.code} (the errors table; skipped elsewhere)`,
  source: 'description: Errors',
  needs: magic.needs,
  async run(t: ScenarioContext) {
    if (!t.run.keyIsMockAdmin) return t.skip(`needs a profile the service answers ${magic.status} for, which only the mock has (a magic handle)`);
    const url = new URL((await t.facts.contact()).network_url);
    url.pathname = url.pathname.replace(/[^/]+\/?$/, magic.handle);
    const account_id = await t.facts.accountId();
    const answer = await t.call(magic.operation, { body: { account_id, network_url: url.href } });
    if (magic.operation === 'importContact') t.run.ledger.wrote(answer, `${url.href} in account ${account_id}`, 'imported (a profile the mock refuses)', 'the API has no way to remove an imported contact');
    t.expectError(answer, magic.status, magic.code);
  },
}));

const refusedKeys: Scenario[] = KEYS.map((refused) => ({
  id: `auth.key.${refused.id}`,
  operation: refused.operation,
  behaviour: 'auth',
  title: `${refused.who} is ${refused.status} ${refused.code}${refused.message ? `, its message saying ${JSON.stringify(refused.message.says)}` : ''} (the mock's fixture key; skipped elsewhere)`,
  source: 'description: Authentication',
  ...(refused.needs && { needs: refused.needs }),
  async run(t: ScenarioContext) {
    if (!t.run.keyIsMockAdmin) return t.skip(`needs ${refused.who}, which only the mock has (a fixture key)`);
    const body = refused.body ? await refused.body(t) : undefined;
    const answer = await t.call(refused.operation, { headers: { Authorization: `Bearer ${refused.key}` }, ...(body !== undefined && { body }) });
    t.expectError(answer, refused.status, refused.code, refused.message);
  },
}));

export const keyScenarios: Scenario[] = [...refusedKeys, ...magicScenarios];
