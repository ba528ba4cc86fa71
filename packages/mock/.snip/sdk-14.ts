const controller = new AbortController();
const accountsNow = await client.accounts.list({ signal: controller.signal, timeout: 5_000, maxRetries: 0 });
console.log(accountsNow.length);
