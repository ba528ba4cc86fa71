// Tag contacts in bulk from a CSV of profile URLs, importing the missing ones, riding out 429s.
//   pnpm tsx bulk-tag-from-csv.ts --csv people.csv --tag "Conference 2026" [--color green] [--account-id 101]
// The CSV needs a `network_url` column. Offline without --csv, it uses a sample built from the mock's network.
import { readFileSync } from 'node:fs';
import { RateLimitError } from '@network-org/sdk';
import { main, parseArgs, stringArg } from './lib/args';
import { connect } from './lib/connect';
import { parseCsv, toCsvRow } from './lib/csv';
import { Progress } from './lib/terminal';

main(async () => {
  const args = parseArgs();
  // Generous retries: the SDK waits out each 429's Retry-After before trying again.
  const { client, mock, describe, close } = connect({ maxRetries: 6 });
  try {
    const tag = stringArg(args, 'tag') ?? 'Imported';
    const color = stringArg(args, 'color') ?? 'green';
    const accountId = stringArg(args, 'account-id') ?? (await client.accounts.list())[0]?.account_id;
    if (!accountId) throw new Error('The API key can use no account.');

    const csvPath = stringArg(args, 'csv');
    let csv: string;
    if (csvPath) csv = readFileSync(csvPath, 'utf8');
    else if (mock) {
      // A sample: three people already in the account and five from the network who are not yet contacts.
      const known = (await client.contacts.list({ account_id: [accountId], limit: 3 })).items.map((c) => c.network_url);
      const fresh = mock.networkProfiles({ imported: false, limit: 5 }).profiles.map((p) => p.network_url);
      csv = [toCsvRow(['network_url']), ...[...known, ...fresh].map((url) => toCsvRow([url]))].join('\n');
      // Show the retry at work: the mock answers the next import with a 429 (Retry-After: 1).
      mock.faults.add({ method: 'POST', path: '/v1/contacts', status: 429, retry_after: 1, count: 1 });
    } else throw new Error('Pass --csv <file> with a network_url column.');

    const urls = parseCsv(csv).map((row) => row.network_url).filter((url): url is string => Boolean(url));
    console.error(`Tagging ${urls.length} profiles with "${tag}" in account ${accountId} on ${describe}`);
    const progress = new Progress('profiles', urls.length);
    const counts = { imported: 0, already: 0, tagged: 0, failed: 0 };
    for (const [i, network_url] of urls.entries()) {
      try {
        const { contact, created } = await client.contacts.import({ account_id: accountId, network_url });
        if (created) counts.imported++;
        else counts.already++;
        await client.contacts.update(contact.contact_id, { account_id: accountId, tags: { add: [{ name: tag, color }] } });
        counts.tagged++;
      } catch (error) {
        counts.failed++;
        const reason = error instanceof RateLimitError ? `rate limited for ${error.retryAfter}s` : (error as Error).message;
        console.error(`\n${network_url}: ${reason}`);
      }
      progress.update(i + 1);
    }
    progress.done(`done: ${urls.length} profiles`);
    console.log(`imported (201): ${counts.imported}`);
    console.log(`already attached (200): ${counts.already}`);
    console.log(`tagged "${tag}": ${counts.tagged}`);
    console.log(`failed: ${counts.failed}`);
    if (counts.failed > 0) process.exitCode = 1;
  } finally {
    close();
  }
});
