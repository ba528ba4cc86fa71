// Build a view from a search and list the companies in it.
//   pnpm tsx view-from-search.ts [--search engineer] [--account-id 101] [--max 20]
import { main, parseArgs, stringArg } from './lib/args';
import { connect } from './lib/connect';
import { table } from './lib/terminal';

main(async () => {
  const args = parseArgs();
  const { client, describe, close } = connect();
  try {
    const search = stringArg(args, 'search') ?? 'engineer';
    const max = Number(stringArg(args, 'max') ?? 20);
    const account = stringArg(args, 'account-id') ?? (await client.accounts.list())[0]?.account_id;
    if (!account) throw new Error('The API key can use no account.');
    console.log(`Searching "${search}" in account ${account} on ${describe}`);

    const contactIds: string[] = [];
    for await (const contact of client.contacts.list({ account_id: [account], search, limit: 25 })) {
      contactIds.push(contact.contact_id);
      if (contactIds.length >= max) break;
    }
    if (contactIds.length === 0) {
      console.log('No contact matches; no view created.');
      return;
    }

    const view = await client.views.create({
      account_id: account,
      type: 'contact',
      name: `Search: ${search}`,
      description: `The first ${contactIds.length} contacts matching "${search}"`,
      filters: { specific_contacts: { contact_ids: contactIds } },
    });
    console.log(`Created view "${view.name}" (id ${view.id}, public id ${view.public_id}) with ${view.selected_contact_ids?.length} contacts`);

    const rows: Array<Array<string | number>> = [];
    for await (const company of client.companies.list({ view_id: view.id })) {
      rows.push([company.company_id, company.name, company.headcount ?? '', company.contact_count ?? '']);
    }
    console.log(table(['Company', 'Name', 'Headcount', 'Contacts'], rows));
    console.log(`${rows.length} companies in the view.`);
  } finally {
    close();
  }
});
