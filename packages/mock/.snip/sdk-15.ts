const paced = new NetworkClient({ baseUrl: mock.baseUrl, apiKey: mock.keys.admin, rateLimit: 'service' });
const toTag = (await paced.contacts.list({ account_id: [accountId], limit: 25 })).items;
// All at once: the budget, not your code, decides when each call goes.
const tagged = await Promise.all(
  toTag.map((contact) =>
    paced.contacts.update(contact.contact_id, { account_id: accountId, tags: { add: [{ name: 'Bulk', color: 'green' }] } }),
  ),
);
console.log(`${tagged.length} tagged`);
