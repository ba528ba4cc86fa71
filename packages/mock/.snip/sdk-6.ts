const companies = await client.companies.list({ account_id: [accountId], limit: 5 });
const company = companies.items[0]!;
const tiered = await client.companies.update(company.company_id, { account_id: accountId, Tier: 'Gold' });
console.log(tiered.name, tiered['Tier'], tiered.contact_count);
