// A TypeScript user of both entries; compiled (not run) under each moduleResolution with skipLibCheck false.
// The matrix also compiles it as consumer.mts and consumer.cts (node16, nodenext: ESM and CommonJS files).
import { AuthenticationError, NetworkClient, NotFoundError, type Contact, type Page } from '@network-org/sdk';
import { schemas } from '@network-org/sdk/zod';

export async function firstContacts(baseUrl: string): Promise<Contact[]> {
  const client = new NetworkClient({ baseUrl, apiKey: 'sk_test_admin' });
  const page: Page<Contact> = await client.contacts.list({ relationship_status: 'connected', limit: 25 });
  // @ts-expect-error relationship_status is the spec's enum, so a typo does not compile
  void client.contacts.list({ relationship_status: 'friends' });
  const walked: Contact[] = [];
  for await (const contact of client.contacts.list({ limit: 25 })) walked.push(contact);
  try {
    await client.drafts.create({ account_id: '1', conversation_id: '2', draft_message: 'hi' });
  } catch (error) {
    if (error instanceof NotFoundError || error instanceof AuthenticationError) console.log(error.status, error.code);
  }
  return [...page.items, ...walked].map((contact) => schemas.Contact.parse(contact) as Contact);
}
