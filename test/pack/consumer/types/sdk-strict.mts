// The SDK alone, with `skipLibCheck: false`: every declaration it ships or names (openapi-fetch's, zod's) must
// compile with the oldest TypeScript its README promises for that setting.
import { NetworkClient, NotFoundError, type Contact } from '@network-org/sdk';
import { validateResponses } from '@network-org/sdk/zod';

export async function firstName(): Promise<string | undefined> {
  const client = new NetworkClient({ apiKey: 'sk_test_admin', baseUrl: 'https://api.network.test', validateResponses });
  const page = await client.contacts.list({ account_id: ['101'], limit: 5 });
  const contact: Contact | undefined = page.items[0];
  try {
    await client.contacts.update('1', { account_id: '101', 'Deal stage': 'Won' });
  } catch (error) {
    if (error instanceof NotFoundError) return error.code;
  }
  const raw = await client.raw.GET('/v1/accounts');
  return contact?.name ?? raw.data?.data.accounts[0]?.display_name;
}
