// What a user does first with the two packages, written once and run from both module systems: the SDK against
// the mock in-process (msw) and over real HTTP. `api` holds the exports, loaded by `import` or by `require`.
const assert = require('node:assert/strict');

async function run(api) {
  const mock = api.createMockApi();
  const server = api.setupServer(...mock.handlers);
  // The READMEs' setup: msw 3 reads onUnhandledFrame, msw 2 onUnhandledRequest; a request no handler answers fails.
  server.listen({ onUnhandledFrame: 'error', onUnhandledRequest: 'error' });
  try {
    // msw's refusal, not the network's: the host does not resolve either.
    const refusedByMsw = (error) => /\[MSW\] Cannot bypass a request/.test(`${error.message} ${error.cause?.message}`);
    await assert.rejects(fetch('https://elsewhere.network.test/v1/accounts'), refusedByMsw, 'a request no handler answers fails');
    const client = new api.NetworkClient({ baseUrl: mock.baseUrl, apiKey: mock.keys.admin, validateResponses: api.validateResponses });
    const [account] = await client.accounts.list();
    assert.ok(account, 'the admin key sees an account');
    const page = await client.contacts.list({ account_id: [account.account_id], limit: 5 });
    assert.equal(page.items.length, 5);
    assert.equal(page.hasNextPage(), true);
    api.schemas.Contact.parse(page.items[0]);
    await assert.rejects(
      client.contacts.import({ account_id: account.account_id, network_url: 'https://www.network.com/in/conflict' }),
      (error) => error instanceof api.ConflictError && error.status === 409 && error.code === 'conflict',
    );
  } finally {
    server.close();
  }

  const http = await api.startMockServer({ port: 0 });
  try {
    const client = new api.NetworkClient({ baseUrl: http.url, apiKey: http.mock.keys.admin });
    assert.ok((await client.organizations.list()).length > 0);
  } finally {
    await http.close();
  }
}

module.exports = { run };
