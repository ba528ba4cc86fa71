const patient = client.withOptions({ timeout: 120_000, maxRetries: 5 });
const traced = client.withOptions({ logLevel: 'info', logger: console });
console.log((await patient.accounts.list()).length, (await traced.organizations.list()).length);
