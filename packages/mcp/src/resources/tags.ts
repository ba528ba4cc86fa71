import type { NetworkClient } from '@network-org/sdk';

export interface TagCount {
  name: string;
  /** Records of the account carrying the tag. */
  count: number;
}

/** The tags of one account's contacts and companies (tags belong to an account's record), most used first. */
export interface AccountTags {
  account_id: string;
  contacts: TagCount[];
  companies: TagCount[];
}

/** The tags in use, per account the key may use, and where the counts come from. */
export type TagsSource = () => Promise<{ accounts: AccountTags[]; source: string }>;

interface Tagged {
  tags?: readonly { name: string }[] | null;
  account_id?: string;
  account?: { account_id?: string } | null;
}

/** Counts per account of the tags `records` carry, most used first, then by name. */
export function countTags(records: Iterable<Tagged>): Map<string, TagCount[]> {
  const byAccount = new Map<string, Map<string, number>>();
  for (const record of records) {
    const accountId = record.account_id ?? record.account?.account_id;
    if (accountId === undefined) continue;
    const counts = byAccount.get(accountId) ?? new Map<string, number>();
    byAccount.set(accountId, counts);
    for (const tag of record.tags ?? []) counts.set(tag.name, (counts.get(tag.name) ?? 0) + 1);
  }
  return new Map(
    [...byAccount].map(([accountId, counts]) => [
      accountId,
      [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    ]),
  );
}

/** The accounts' tags from their contacts' and companies' counts. */
export function accountTags(accountIds: readonly string[], contacts: Map<string, TagCount[]>, companies: Map<string, TagCount[]>): AccountTags[] {
  return accountIds.map((account_id) => ({ account_id, contacts: contacts.get(account_id) ?? [], companies: companies.get(account_id) ?? [] }));
}

// The service has no endpoint listing tags: live, they are counted over the first pages of records, which keeps a
// resource read within a few seconds of the service's rate limit.
const CONTACT_PAGES = 20;
const COMPANY_PAGES = 4;

async function firstPages<T>(pages: AsyncIterable<{ items: readonly T[] }>, most: number): Promise<{ items: T[]; complete: boolean }> {
  const items: T[] = [];
  let read = 0;
  for await (const page of pages) {
    items.push(...page.items);
    if (++read >= most) return { items, complete: !(page as { hasNextPage?: () => boolean }).hasNextPage?.() };
  }
  return { items, complete: true };
}

/** Tags counted over the records the client reads (live: no endpoint lists them). */
export function tagsFromRecords(client: NetworkClient): TagsSource {
  return async () => {
    const [accounts, contacts, companies] = await Promise.all([
      client.accounts.list(),
      firstPages(client.contacts.list({ limit: 25 }).pages(), CONTACT_PAGES),
      firstPages(client.companies.list({ limit: 25 }).pages(), COMPANY_PAGES),
    ]);
    const complete = contacts.complete && companies.complete;
    return {
      accounts: accountTags(accounts.map((account) => account.account_id), countTags(contacts.items), countTags(companies.items)),
      source: complete
        ? 'Counted over every contact and company.'
        : `Counted over the first ${contacts.items.length} contacts and ${companies.items.length} companies: a tag only later records carry is missing, and counts may be low.`,
    };
  };
}

/** Edit distance between two strings (insertions, deletions, substitutions). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The known tags closest to `name` (a typo, a plural, another case), nearest first; at most three. */
export function closestTags(name: string, known: Iterable<string>): string[] {
  const wanted = name.trim().toLowerCase();
  return [...new Set(known)]
    .map((tag) => {
      const lower = tag.toLowerCase();
      const near = lower.includes(wanted) || wanted.includes(lower) ? Math.min(1, distance(wanted, lower)) : distance(wanted, lower);
      return { tag, near };
    })
    .filter(({ near }) => near <= Math.max(2, Math.floor(wanted.length / 3)))
    .sort((a, b) => a.near - b.near || a.tag.localeCompare(b.tag))
    .slice(0, 3)
    .map(({ tag }) => tag);
}
