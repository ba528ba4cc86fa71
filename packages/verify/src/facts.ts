import { type AccountSummary, type Company, type Contact, type Conversation, itemsOf, type ListOperationId, type OperationId, type OperationItem, type Organization, type View } from '@network-org/sdk';
import { schemas } from '@network-org/spec/zod';
import type { CustomField, Registry } from './check/custom-fields';
import { type Answer, type Call, type CallInput, Skip } from './call';
import { compact } from './check/schema';
import { identityOf } from './lists';
import { TargetFault } from './target/transport';

/** What facts are learnt from, besides the API: the options of the run and the mock's control API. */
export interface FactSources {
  /** `--account-id`. */
  accountId: string | undefined;
  /** `--profile-url`. */
  profileUrl: string | undefined;
  isMock: boolean;
  /** A GET of the mock's control API (undefined elsewhere). */
  control(path: string): Promise<unknown>;
}

/** The facts every scenario of a run shares: each fact is asked for once per run. */
interface SharedFacts {
  cache: Map<string, Promise<unknown>>;
  imported: Contact | undefined;
}

/**
 * What scenarios learn by listing, so that they hold on any dataset: ids, a contact, a view, a conversation.
 * Each is asked for once per run, through the calls of the scenario that first needs it (whose checks then see
 * those answers); a failure to learn it errors the scenarios that need it.
 */
export class Facts {
  readonly #sources: FactSources;
  readonly #call: Call;
  readonly #shared: SharedFacts;

  constructor(sources: FactSources, call: Call, shared: SharedFacts = { cache: new Map(), imported: undefined }) {
    this.#sources = sources;
    this.#call = call;
    this.#shared = shared;
  }

  /** The same facts, learnt from now on through `call` (a scenario's own). */
  through(call: Call): Facts {
    return new Facts(this.#sources, call, this.#shared);
  }

  #once<T>(name: string, load: () => Promise<T>): Promise<T> {
    let value = this.#shared.cache.get(name) as Promise<T> | undefined;
    if (!value) this.#shared.cache.set(name, (value = load()));
    return value;
  }

  /** The answer of one call, which must be 200: anything else means the fact cannot be learnt here. */
  async #ok(what: string, operation: OperationId, input: CallInput = {}): Promise<Answer> {
    const answer = await this.#call(operation, input);
    if (answer.status !== 200 || answer.body === undefined) {
      throw new TargetFault(`could not list ${what} (${operation} answered ${answer.status})`);
    }
    return answer;
  }

  /**
   * The records of a list's answer, where the spec's route table puts them (`data.accounts`): each must be an
   * object naming its `id`. Anything else is garbage no fact can be read from, and errors (never skips) the
   * scenarios that need it, saying what came.
   */
  #records<Op extends ListOperationId>(answer: Answer, operation: Op, what: string): OperationItem<Op>[] {
    const id = identityOf(operation);
    let records: OperationItem<Op>[] | undefined;
    try {
      records = itemsOf(operation, answer.body);
    } catch {
      records = undefined;
    }
    const named = (record: unknown) => isObject(record) && (typeof record[id] === 'string' || typeof record[id] === 'number');
    if (!Array.isArray(records) || !records.every(named)) {
      throw new TargetFault(`${answer.method} ${answer.url.split('?')[0]} answered something that is not ${what}: ${compact(answer.body)}`);
    }
    return records;
  }

  organization(): Promise<Organization> {
    return this.#once('organization', async () => {
      const answer = await this.#ok('the organization', 'listOrganizations');
      const [organization] = this.#records(answer, 'listOrganizations', 'an organization');
      if (!organization) throw new TargetFault(`${answer.method} ${answer.url.split('?')[0]} answered no organization: ${compact(answer.body)}`);
      return organization;
    });
  }

  accounts(role: 'admin' | 'member' = 'admin'): Promise<AccountSummary[]> {
    return this.#once(`accounts:${role}`, async () => {
      const answer = await this.#ok('the accounts', 'listAccounts', { key: role });
      return this.#records(answer, 'listAccounts', 'an accounts list');
    });
  }

  /** The account the run uses: `--account-id`, or the first listed. */
  accountId(): Promise<string> {
    return this.#once('account', async () => {
      if (this.#sources.accountId) return this.#sources.accountId;
      const first = (await this.accounts())[0];
      if (!first) throw new Skip('the key can use no account');
      return first.account_id;
    });
  }

  /** An account the admin may use and the member may not (for the shared-access scenario). */
  unsharedAccountId(): Promise<string> {
    return this.#once('unshared', async () => {
      const member = new Set((await this.accounts('member')).map((account) => account.account_id));
      const other = (await this.accounts()).find((account) => !member.has(account.account_id));
      if (!other) throw new Skip('every account of the admin key is also usable with the member key');
      return other.account_id;
    });
  }

  /** The first page of the account's contacts (25). */
  contacts(): Promise<Contact[]> {
    return this.#once('contacts', async () => {
      const answer = await this.#ok('contacts', 'listContacts', { query: { account_id: [await this.accountId()], limit: 25 } });
      return this.#records(answer, 'listContacts', 'a contacts list');
    });
  }

  async contact(): Promise<Contact> {
    const contact = (await this.contacts())[0];
    if (!contact) throw new Skip('the account has no contacts');
    return contact;
  }

  /** The contact the run imported (its PATCHes and drafts then touch a record the run made). */
  imported(contact: Contact): void {
    this.#shared.imported ??= contact;
  }

  /** The contact writes go to: the one the run imported, or else the first listed. */
  async writableContact(): Promise<Contact> {
    return this.#shared.imported ?? this.contact();
  }

  companies(): Promise<Company[]> {
    return this.#once('companies', async () => {
      const answer = await this.#ok('companies', 'listCompanies', { query: { account_id: [await this.accountId()], limit: 25 } });
      return this.#records(answer, 'listCompanies', 'a companies list');
    });
  }

  async company(): Promise<Company> {
    const company = (await this.companies())[0];
    if (!company) throw new Skip('the account has no companies');
    return company;
  }

  views(): Promise<View[]> {
    return this.#once('views', async () => {
      const answer = await this.#ok('views', 'listViews', { query: { account_id: [await this.accountId()], limit: 25 } });
      return this.#records(answer, 'listViews', 'a views list');
    });
  }

  async view(): Promise<View> {
    const view = (await this.views())[0];
    if (!view) throw new Skip('the account has no views');
    return view;
  }

  conversations(): Promise<Conversation[]> {
    return this.#once('conversations', async () => {
      const answer = await this.#ok('conversations', 'listConversations', { query: { account_id: [await this.accountId()], limit: 25 } });
      return this.#records(answer, 'listConversations', 'a conversations list');
    });
  }

  /** A conversation of the account with at least `messages` messages. */
  async conversation(messages = 1): Promise<Conversation> {
    const found = (await this.conversations()).find((conversation) => (conversation.message_count ?? 0) >= messages);
    if (!found) throw new Skip(`the account has no conversation with ${messages} or more messages`);
    return found;
  }

  /**
   * The registered custom fields of contacts (or companies): on the mock from its control API; elsewhere the
   * keys the spec does not define, as the listed records carry them, typed by their values.
   */
  customFields(target: 'contact' | 'company'): Promise<CustomField[]> {
    return this.#once(`custom:${target}`, async () => {
      const registry = await this.registry();
      if (registry) return registry[target];
      const records: object[] = target === 'contact' ? await this.contacts() : await this.companies();
      const known = new Set(Object.keys((target === 'contact' ? schemas.Contact : schemas.Company).shape));
      const fields = new Map<string, CustomField>();
      for (const record of records) {
        for (const [name, value] of Object.entries(record)) {
          const type = typeof value;
          if (!known.has(name) && (type === 'string' || type === 'number' || type === 'boolean')) {
            fields.set(name, { name, type: type as CustomField['type'] });
          }
        }
      }
      return [...fields.values()];
    });
  }

  /** The custom fields the organization registered, by record kind: the mock's control API tells; elsewhere undefined. */
  registry(): Promise<Registry> {
    return this.#once('registry', async () => {
      if (!this.#sources.isMock) return undefined;
      const organization = await this.organization();
      const registered = (await this.#sources.control('custom-fields')) as
        | { organizations?: { organization_id: number; contact: CustomField[]; company: CustomField[] }[] }
        | undefined;
      const mine = registered?.organizations?.find((entry) => entry.organization_id === organization.id);
      return mine && { contact: mine.contact, company: mine.company };
    });
  }

  /** A profile to import: `--profile-url`, or on the mock one nobody has imported yet. */
  importableProfile(): Promise<string> {
    return this.#once('profile', async () => {
      if (this.#sources.profileUrl) return this.#sources.profileUrl;
      if (!this.#sources.isMock) throw new Skip('needs --profile-url (a profile to import) on a target that is not the mock');
      const found = (await this.#sources.control('network-profiles?imported=false&kind=member&limit=1')) as
        | { profiles?: { network_url: string }[] }
        | undefined;
      const url = found?.profiles?.[0]?.network_url;
      if (!url) throw new Skip('the mock has no profile left to import');
      return url;
    });
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
