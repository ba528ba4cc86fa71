client.raw.use({
  onRequest({ request }) {
    request.headers.set('x-request-source', 'nightly-sync');
    return request;
  },
});
const raw = await client.raw.GET('/v1/accounts');
console.log(raw.response.status, raw.data?.data.accounts.length);

server.close();
