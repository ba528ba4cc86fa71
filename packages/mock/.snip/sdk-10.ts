// A profile URL, or {account_id, contact_id} of an existing contact.
const enrichment = await client.enrich({ account_id: accountId, network_url: profile!.network_url });
console.log(enrichment.profile.participant.full_name, enrichment.company?.participant.full_name);
