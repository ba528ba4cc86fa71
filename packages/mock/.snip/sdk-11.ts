const first = await client.contacts.list({ account_id: [accountId], limit: 25 });
if (first.hasNextPage()) console.log((await first.nextPage()).items.length);

let pages = 0;
for await (const contactsPage of client.contacts.list({ account_id: [accountId], limit: 25 }).pages()) {
  pages += 1;
  if (pages === 3) break;
}
