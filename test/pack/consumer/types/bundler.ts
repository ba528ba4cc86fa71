// bundler resolution (Vite, esbuild, webpack), including the browser entry.
import { createMockApi, type MockApi } from '@network-org/mock';
import { startMockServer } from '@network-org/mock/node';
import { isApiError, NetworkClient, type Contact, type Page } from '@network-org/sdk';
import { schemas } from '@network-org/sdk/zod';
import { setupServer } from 'msw/node';

export async function firstContacts(): Promise<Contact[]> {
  const mock: MockApi = createMockApi({ seed: 1 });
  setupServer(...mock.handlers).listen();
  const client = new NetworkClient({ baseUrl: mock.baseUrl, apiKey: mock.keys.admin });
  const page: Page<Contact> = await client.contacts.list({ relationship_status: 'connected' });
  // @ts-expect-error relationship_status is the spec's enum, so a typo does not compile
  void client.contacts.list({ relationship_status: 'friends' });
  try {
    await client.enrich({ account_id: '101', network_url: 'https://www.network.com/in/upstream-error' });
  } catch (error) {
    if (isApiError(error, 'upstream_error')) console.log(error.status);
  }
  const server = await startMockServer({ port: 0 });
  await server.close();
  return page.items.map((contact) => schemas.Contact.parse(contact) as Contact);
}

export { setupMockWorker } from '@network-org/mock/browser';
export { startMockWorker } from '@network-org/mock/browser';
export { mockInPage, type PageLike } from '@network-org/mock/playwright';
