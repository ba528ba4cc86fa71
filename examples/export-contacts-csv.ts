// Export every contact of an account that matches a filter to CSV, with a progress bar.
//   pnpm tsx export-contacts-csv.ts [--account-id 101] [--tag VIP] [--relationship-status connected]
//                                   [--search text] [--out contacts.csv]
import { createWriteStream } from 'node:fs';
import type { ContactListQuery } from '@network-org/sdk';
import { main, parseArgs, stringArg } from './lib/args';
import { connect } from './lib/connect';
import { toCsvRow } from './lib/csv';
import { Progress } from './lib/terminal';

const COLUMNS = ['contact_id', 'name', 'headline', 'primary_company_name', 'relationship_status', 'tags', 'network_url'] as const;

main(async () => {
  const args = parseArgs();
  const { client, describe, close } = connect();
  try {
    const accountId = stringArg(args, 'account-id') ?? (await client.accounts.list())[0]?.account_id;
    if (!accountId) throw new Error('The API key can use no account.');
    const query: ContactListQuery = { account_id: [accountId], limit: 25 };
    const tag = stringArg(args, 'tag');
    const search = stringArg(args, 'search');
    const status = stringArg(args, 'relationship-status');
    if (tag) query.tag = tag;
    if (search) query.search = search;
    if (status) query.relationship_status = status as ContactListQuery['relationship_status'];

    const outPath = stringArg(args, 'out');
    const out = outPath ? createWriteStream(outPath) : process.stdout;
    console.error(`Exporting contacts of account ${accountId} from ${describe}`);
    out.write(`${toCsvRow(COLUMNS)}\n`);

    // The API gives no total up front, so the bar counts pages and rows as they arrive.
    const progress = new Progress('contacts');
    let rows = 0;
    let pages = 0;
    for await (const page of client.contacts.list(query).pages()) {
      pages++;
      for (const contact of page.items) {
        const tags = contact.tags.map((t) => t.name).join(';');
        out.write(`${toCsvRow(COLUMNS.map((column) => (column === 'tags' ? tags : contact[column])))}\n`);
        rows++;
      }
      progress.update(rows, `(${pages} page${pages === 1 ? '' : 's'})`);
    }
    if (out !== process.stdout) await new Promise<void>((resolve) => (out as NodeJS.WritableStream).end(resolve));
    progress.done(`exported: ${rows} rows in ${pages} pages${outPath ? ` to ${outPath}` : ''}`);
  } finally {
    close();
  }
});
