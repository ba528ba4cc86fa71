const { data: orgs, response } = await client.organizations.list().withResponse();
console.log(orgs.length, response.status, response.headers.get('content-type'));
