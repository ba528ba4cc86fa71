import type { Store } from '../store/index';
import type { AccountRecord, ApiKeyRecord, ContactRecord, OrganizationRecord, UserRecord } from '../store/types';
import {
  accountSharedAccessRequired,
  badRequest,
  billingFeatureNotAvailable,
  billingInsufficientCredits,
  forbidden,
  unauthorized,
} from './errors';
import type { RequestHeaders } from './message';

export interface AuthContext {
  organization: OrganizationRecord;
  user: UserRecord;
  apiKey: ApiKeyRecord;
}

const insufficientCredits = () =>
  billingInsufficientCredits("Your organization doesn't have enough credits for this action. Add credits and try again.");

/** What an operation asks of its caller beyond a valid key, declared with its route. */
export interface CallerRules {
  /** Section 5.5: only organization admins. */
  admin?: boolean;
  /**
   * Credits one call spends. Section 5.4 lists insufficient credits with the other billing checks, so an
   * organization with fewer left gets 403 whatever the request names (the fixture key sk_test_no_credits).
   */
  credits?: number;
}

/** Resolves the caller in the order of the description's section 5; throws the first failing check. */
export function authenticate(headers: RequestHeaders, store: Store, rules: CallerRules = {}): AuthContext {
  const sent = headers.all('authorization');
  // Which of two keys to honour is anyone's guess, and proxies disagree: refuse rather than pick one.
  if (sent.length > 1) throw unauthorized('Send exactly one Authorization header; this request has several.');
  const header = sent[0];
  if (header === undefined || header.trim() === '') throw unauthorized('Authorization header is required.');
  const match = /^(\S+)(?:\s+(.*))?$/.exec(header.trim());
  if (!match || match[1]?.toLowerCase() !== 'bearer') {
    throw unauthorized('Authorization header must use the Bearer scheme.');
  }
  const key = (match[2] ?? '').trim();
  // fetch's Headers joins repeated headers with ", "; no key holds a comma.
  if (key.includes(',')) throw unauthorized('Send exactly one Authorization header; this request has several.');
  const apiKey = key === '' ? undefined : store.directory.apiKey(key);
  const user = apiKey ? store.directory.user(apiKey.user_id) : undefined;
  const organization = user ? store.directory.organization(user.organization_id) : undefined;
  if (!apiKey || apiKey.retired || !user || !organization) throw unauthorized('Invalid API key.');
  if (!organization.api_access_enabled) throw forbidden("You don't have access to this organization.");
  if (!user.active) {
    throw forbidden(
      'The API key is no longer linked to an active organization user. Ask an organization admin to regenerate the key.',
    );
  }
  if (!organization.plan_includes_api) {
    throw billingFeatureNotAvailable("The API feature is not included in your organization's plan.");
  }
  if (rules.admin && !user.is_admin) {
    throw forbidden('Only organization admins can perform this action.');
  }
  if (rules.credits !== undefined && organization.credits < rules.credits) throw insufficientCredits();
  return { organization, user, apiKey };
}

export interface AccountAccess {
  /** Accounts of the caller's organization the caller may use: their own and those shared for API use. */
  accessible(): AccountRecord[];
  /** Unknown or another organization's id -> 400; not shared with the caller -> 403 account_shared_access_required. */
  require(accountId: string): AccountRecord;
  /** The requested accounts (each checked as `require`), or every accessible one when none is requested. */
  resolve(accountIds?: readonly string[]): AccountRecord[];
  /**
   * The person `contactId` names, as their relationship with the first of `among` (default: every account the caller
   * may use) that holds them; when none does, with the first account of the organization that does, once `require`
   * has allowed it. An id unknown to the organization is 400.
   */
  relationship(contactId: string, among?: readonly AccountRecord[]): ContactRecord;
}

function mayUse(auth: AuthContext, account: AccountRecord): boolean {
  return account.owner_user_id === auth.user.id || account.shared_for_api;
}

export function accountAccess(store: Store, auth: AuthContext): AccountAccess {
  const require = (accountId: string): AccountRecord => {
    const account = store.directory.account(accountId);
    if (!account || account.organization_id !== auth.organization.id) {
      throw badRequest(`Unknown account_id "${accountId}": use an id from GET /v1/accounts.`);
    }
    if (!mayUse(auth, account)) {
      throw accountSharedAccessRequired(
        `Account ${accountId} is not shared for API use with this API key's user. Its owner can enable shared access.`,
      );
    }
    return account;
  };
  const accessible = (): AccountRecord[] =>
    store.directory.accounts().filter(
      (account) => account.organization_id === auth.organization.id && mayUse(auth, account),
    );
  return {
    accessible,
    require,
    resolve: (accountIds) => (accountIds && accountIds.length > 0 ? [...new Set(accountIds)].map(require) : accessible()),
    relationship(contactId, among = accessible()) {
      const relationships = store.contacts.relationshipsOf(auth.organization.id, contactId);
      const first = relationships[0];
      if (!first) throw badRequest(`Unknown contact_id "${contactId}": use a contact_id from GET /v1/contacts.`);
      const held = new Set(among.map((account) => account.account_id));
      const chosen = relationships.find((contact) => held.has(contact.account_id));
      if (chosen) return chosen;
      require(first.account_id);
      return first;
    },
  };
}

export interface CreditLedger {
  /** Spends `n` credits (default 1); 403 billing_insufficient_credits when the organization has fewer left. */
  consume(n?: number): void;
}

export function creditLedger(store: Store, auth: AuthContext): CreditLedger {
  return {
    consume(n = 1) {
      if (!store.directory.spendCredits(auth.organization.id, n)) throw insufficientCredits();
    },
  };
}
