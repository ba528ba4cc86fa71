import { setupMockWorker } from '@network-org/mock/browser';
import { NetworkClient, type Contact, type Page } from '@network-org/sdk';

// The mock answers this address inside the service worker; nothing leaves the browser.
const BASE_URL = 'https://api.network.test';

const status = document.querySelector<HTMLParagraphElement>('#status')!;
const list = document.querySelector<HTMLOListElement>('#contacts')!;
const nextButton = document.querySelector<HTMLButtonElement>('#next-page')!;

function render(page: Page<Contact>, pageNumber: number): void {
  list.replaceChildren(
    ...page.items.map((contact) => {
      const item = document.createElement('li');
      const name = document.createElement('span');
      name.className = 'name';
      name.textContent = contact.name ?? contact.contact_id;
      const headline = document.createElement('div');
      headline.className = 'headline';
      headline.textContent = contact.headline ?? '';
      item.append(name, headline);
      return item;
    }),
  );
  list.start = (pageNumber - 1) * page.pagination.limit + 1;
  status.textContent = `Page ${pageNumber}`;
  nextButton.disabled = !page.hasNextPage();
}

async function main(): Promise<void> {
  const { mock, worker } = setupMockWorker({ baseUrl: BASE_URL });
  await worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'bypass', quiet: true });

  const client = new NetworkClient({ apiKey: mock.keys.admin, baseUrl: BASE_URL });
  let page = await client.contacts.list();
  let pageNumber = 1;
  render(page, pageNumber);

  nextButton.addEventListener('click', async () => {
    nextButton.disabled = true;
    status.textContent = 'Loading…';
    page = await page.nextPage();
    pageNumber += 1;
    render(page, pageNumber);
  });
}

main().catch((error: unknown) => {
  status.textContent = `Failed: ${error instanceof Error ? error.message : String(error)}`;
});
