// Filters: query, company_name, headline, search, location, company_size, tag, relationship_status,
// invitation_status, conversation_id, view_id; account_id is an array (repeat for several accounts).
const page = await client.contacts.list({ account_id: [accountId], search: 'engineer', limit: 10 });
const contact = page.items[0]!;

// Import by profile URL: `created` is true on 201 (first attach), false on 200 (already attached).
const [profile] = mock.networkProfiles({ imported: false, kind: 'member', limit: 1 }).profiles;
const imported = await client.contacts.import({ account_id: accountId, network_url: profile!.network_url });
console.log(imported.created, imported.contact.contact_id, imported.warnings);

// Tags (add / remove, or set to replace them all), notes (JSON text; null clears) and custom fields by their
// registered names (null clears one).
const updated = await client.contacts.update(contact.contact_id, {
  account_id: accountId,
  tags: { add: [{ name: 'VIP', color: 'green' }] },
  notes_json: JSON.stringify([{ text: 'Met at the fair' }]),
  'Deal stage': 'Proposal',
  'Lead score': 80,
  'Is customer': false,
});
console.log(updated.tags, updated.notes_json);

// Work-email lookup: the outcome is in contact_enrichment.work_email.
const withEmail = await client.contacts.findEmail(contact.contact_id, { account_id: accountId });
console.log(withEmail.work_email, withEmail.contact_enrichment?.work_email);
