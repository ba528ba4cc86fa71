const [organization] = await client.organizations.list(); // {id, name, created_at}
const accounts = await client.accounts.list(); // only the accounts this key may use
console.log(organization!.name, accounts.map((a) => `${a.account_id} ${a.display_name}`));
