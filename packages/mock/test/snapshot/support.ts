// A source mock at another seed, seeded with marked strings, and snapshots of it taken in process.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NetworkClient, type Fetch } from '@network-org/sdk';
import { createMockApi, type MockApi } from '@network-org/mock';
import { Scrubber } from '../../src/snapshot/scrub';
import { snapshotOrganization, type OrganizationSnapshotOptions } from '../../src/snapshot/take';

export const MARK = 'ZZMARK';
export const SOURCE_SIZE = { rateLimit: false, seed: 7, contactsPerAccount: 12, conversationsPerAccount: 5, networkSize: 10 } as const;

/** The source: a mock at seed 7 with contacts, messages and notes whose texts carry the mark. */
export function markedSource(): MockApi {
  const source = createMockApi(SOURCE_SIZE);
  const accounts = source.db.accounts().filter((account) => account.organization_id === source.db.organizations()[0]!.id);
  for (const [index, account] of accounts.entries()) {
    const contact = source.seed.contact({
      account_id: account.account_id,
      first_name: `${MARK}Ada${index}`,
      last_name: `${MARK}Lovelace${index}`,
      headline: `${MARK} headline ${index}`,
      work_email: `ada.${MARK.toLowerCase()}${index}@marked.example.org`,
      phone: `+4420${index}7946001${index}`,
      tags: [{ name: 'Customer', color: 'green' }],
    });
    source.seed.conversation({
      account_id: account.account_id,
      contact_ids: [contact.contact_id],
      messages: [{ text: `${MARK} a private message ${index}`, direction: 'received' }],
    });
  }
  return source;
}

export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'network-mock-snapshot-'));
}

export function clientOf(fetch: Fetch, apiKey = 'sk_test_admin', baseUrl = 'https://api.network.test'): NetworkClient {
  return new NetworkClient({ apiKey, baseUrl, fetch, maxRetries: 0 });
}

export async function snapshotOf(
  source: { fetch: Fetch },
  out: string,
  options: Partial<Omit<OrganizationSnapshotOptions, 'client' | 'out' | 'scrubber'>> & { salt?: string | undefined; scrub?: boolean; keep?: string[]; apiKey?: string } = {},
) {
  const { salt: given, scrub, keep, apiKey, ...rest } = options;
  // `salt: undefined` given as such is the command's default, a random salt; left out, a fixed one for the test.
  const salt = 'salt' in options ? given : 'test-salt';
  return snapshotOrganization({
    client: clientOf(source.fetch, apiKey),
    out,
    scrubber: new Scrubber({ ...(salt === undefined ? {} : { salt }), ...(scrub === undefined ? {} : { scrub }), ...(keep ? { keep } : {}) }),
    now: () => new Date('2026-01-15T12:00:00Z'),
    ...rest,
  });
}
