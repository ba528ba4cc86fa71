const view = await client.views.create({
  account_id: accountId,
  type: 'contact',
  name: 'Engineers',
  description: 'Picked by hand',
  filters: { specific_contacts: { contact_ids: page.items.map((c) => c.contact_id) } },
});
console.log(view.id, view.public_id, view.selected_contact_ids);

for await (const saved of client.views.list({ account_id: [accountId] })) console.log(saved.name, saved.view_kind);
const inView = await client.contacts.list({ view_id: view.id }); // `id` or `public_id`
console.log(inView.items.length);
