import { createMockApi } from '@network-org/mock';
import { NetworkClient } from '@network-org/sdk';
import { setupServer } from 'msw/node';

const mock = createMockApi();
const server = setupServer(...mock.handlers);
server.listen({ onUnhandledRequest: 'error' });

const client = new NetworkClient({ baseUrl: mock.baseUrl, apiKey: mock.keys.admin });

const [account] = await client.accounts.list();
const accountId = account!.account_id;
for await (const contact of client.contacts.list({ account_id: [accountId], relationship_status: 'connected', limit: 25 })) {
  console.log(contact.contact_id, contact.name, contact.primary_company_name, contact['Deal stage']);
}
