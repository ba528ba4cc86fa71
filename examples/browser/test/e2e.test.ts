import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ContactListResponse } from '@network-org/sdk';
import { createMockApi } from '@network-org/mock';
import { mockInPage, type PageMockSetup } from '@network-org/mock/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_TEST_TIMEOUT, buildExample, chromiumPresent, launchChromium, serveExample, type ServedExample } from './chromium';

// examples/browser in real Chromium, as a Playwright suite of an app would test it: every test opens its own page
// (a context of its own, so a fresh mock), and reaches the page's mock through @network-org/mock/playwright.
const present = chromiumPresent();
if (!present && process.env.CI === 'true') {
  throw new Error(
    `The browser example test needs Chromium at ${CHROMIUM} and CI=true: install it with \`apt-get update && apt-get install -y chromium\` (.ci/run does so as root).`,
  );
}

const SCREENSHOTS = fileURLToPath(new URL('./__output__/', import.meta.url));

/** The same seeded mock in Node: what the page must show. */
const reference = createMockApi({ rateLimit: false });
/** The account the page lists (the first the admin key may use), read from the reference mock. */
let accountId = '';
async function contactNames(query: Record<string, string> = {}): Promise<{ names: string[]; next_cursor?: string | undefined }> {
  const url = new URL(`${reference.baseUrl}/v1/contacts`);
  url.searchParams.set('account_id', accountId);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const response = await reference.fetch(new Request(url, { headers: { Authorization: `Bearer ${reference.keys.admin}` } }));
  const { data } = (await response.json()) as ContactListResponse;
  return { names: data.contacts.map((contact) => contact.name), next_cursor: data.pagination.next_cursor };
}

describe.skipIf(!present)('examples/browser in Chromium', { timeout: CHROMIUM_TEST_TIMEOUT }, () => {
  let served: ServedExample | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let errors: string[] = [];

  beforeAll(async () => {
    const accounts = await reference.fetch('/v1/accounts', { headers: { Authorization: `Bearer ${reference.keys.admin}` } });
    accountId = ((await accounts.json()) as { data: { accounts: { account_id: string }[] } }).data.accounts[0]!.account_id;
    mkdirSync(SCREENSHOTS, { recursive: true });
    buildExample();
    served = await serveExample();
    browser = await launchChromium();
  }, 180_000);

  afterEach(async () => {
    await context?.close();
    expect(errors).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });

  /** A new page in a context of its own (fresh storage, so a fresh mock), its mock set up as given before it loads. */
  async function open(setup: PageMockSetup = {}): Promise<{ page: Page; mock: Awaited<ReturnType<typeof mockInPage>> }> {
    context = await browser!.newContext({ viewport: { width: 900, height: 700 } });
    const page = await context.newPage();
    errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const mock = await mockInPage(page, setup);
    await page.goto(served!.url);
    return { page, mock };
  }
  const status = (page: Page) => page.getByRole('status');
  /** Waits for the page's first list (its form is live from then on). */
  const loaded = (page: Page) => status(page).filter({ hasText: /contact/ }).waitFor({ timeout: 60_000 });
  const names = (page: Page) => page.locator('#contacts .name').allTextContents();
  const alertText = async (page: Page) => {
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: 60_000 });
    return alert.textContent();
  };
  const filterBy = async (page: Page, tag: string) => {
    await page.getByLabel('Tag', { exact: true }).fill(tag);
    await page.getByRole('button', { name: 'Filter' }).click();
  };
  /** Adds a tag to the first contact listed with the tag editor, and waits for its chip in the list. */
  const tagFirstContact = async (page: Page, tag: string) => {
    const first = (await names(page))[0]!;
    await page.getByRole('button', { name: `Edit tags of ${first}` }).click();
    await page.getByLabel('New tag').fill(tag);
    await page.getByRole('button', { name: 'Add tag' }).click();
    await page.locator('li.contact').first().locator('.tag', { hasText: tag }).waitFor();
  };
  const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true });

  it('lists the first page of contacts under a base path, then the next one after "Load more"', async () => {
    const first = await contactNames();
    const second = await contactNames({ cursor: first.next_cursor! });
    const { page } = await open();
    await status(page).filter({ hasText: `${first.names.length} contacts` }).waitFor({ timeout: 60_000 });
    expect(await names(page)).toEqual(first.names);

    await page.getByRole('button', { name: 'Load more' }).click();
    await status(page).filter({ hasText: `${first.names.length + second.names.length} contacts` }).waitFor();
    expect(await names(page)).toEqual([...first.names, ...second.names]);
    await shot(page, 'list');
  });

  it('filters by a tag, and shows a contact the test seeded into its page alone', async () => {
    const { page, mock } = await open();
    await loaded(page);
    const tag = (await page.locator('#contacts .tag').first().textContent())!;
    await filterBy(page, tag);
    await status(page).filter({ hasText: `tagged ${tag}` }).waitFor();
    expect(await names(page)).toEqual((await contactNames({ tag })).names);

    const seeded = await mock.seed.contact({ account_id: accountId, first_name: 'Seeded', last_name: 'Person', tags: [{ name: 'e2e-seeded', color: 'red' }] });
    expect(seeded.name).toBe('Seeded Person');
    await filterBy(page, 'e2e-seeded');
    await status(page).filter({ hasText: '1 contact tagged e2e-seeded' }).waitFor();
    expect(await names(page)).toEqual(['Seeded Person']);
    await shot(page, 'filtered');
  });

  it('adds and removes a tag with the editor (PATCH); a reload starts again from the seeded dataset, as does mock.reset()', async () => {
    const { page, mock } = await open();
    await loaded(page);
    await tagFirstContact(page, 'e2e-vip');
    const row = page.locator('li.contact').first();
    await shot(page, 'edited');
    const patches = (await mock.journal()).filter((entry) => entry.method === 'PATCH');
    expect(patches.map((entry) => entry.status)).toEqual([200]);

    await page.getByRole('button', { name: 'Remove e2e-vip' }).click();
    await row.locator('.tag', { hasText: 'e2e-vip' }).waitFor({ state: 'detached' });
    await page.getByLabel('New tag').fill('e2e-vip');
    await page.getByRole('button', { name: 'Add tag' }).click();
    await row.locator('.tag', { hasText: 'e2e-vip' }).waitFor();

    await mock.reset();
    await filterBy(page, 'e2e-vip');
    await status(page).filter({ hasText: 'No contacts.' }).waitFor();

    await filterBy(page, '');
    await loaded(page);
    await tagFirstContact(page, 'e2e-vip');
    await page.reload();
    await loaded(page);
    await filterBy(page, 'e2e-vip');
    await status(page).filter({ hasText: 'No contacts.' }).waitFor({ timeout: 60_000 });
  });

  it('keeps its edits across a reload when the test asks (keepStateOnReload), and a new page has a fresh mock', async () => {
    const { page } = await open({ keepStateOnReload: true });
    await loaded(page);
    await tagFirstContact(page, 'e2e-kept');

    await page.reload();
    await loaded(page);
    await filterBy(page, 'e2e-kept');
    await status(page).filter({ hasText: '1 contact tagged e2e-kept' }).waitFor({ timeout: 60_000 });
    await context!.close();

    const fresh = await open({ keepStateOnReload: true });
    await loaded(fresh.page);
    await filterBy(fresh.page, 'e2e-kept');
    await status(fresh.page).filter({ hasText: 'No contacts.' }).waitFor({ timeout: 60_000 });
  });

  it('shows the 401 state when the key is refused from the first request', async () => {
    const { page } = await open({ faults: [{ method: 'GET', path: '/v1/accounts', status: 401, code: 'unauthorized' }] });
    expect(await alertText(page)).toBe('Your API key was refused (401). Sign in again.');
    await shot(page, 'error-401');
  });

  it('shows the 429 state when the page spends its rate limit, as the service would answer it', async () => {
    // Two requests per endpoint for the page: the first list and one filter pass, the next filter is refused.
    const { page, mock } = await open({ rateLimit: { requests: 2, windowMs: 120_000 } });
    await loaded(page);
    await filterBy(page, '');
    await loaded(page);
    await filterBy(page, '');
    expect(await alertText(page)).toMatch(/^Too many requests \(429\): try again in \d+ s\.$/);
    const lists = (await mock.journal()).filter((entry) => entry.path === '/v1/contacts');
    expect(lists.map((entry) => entry.status)).toEqual([200, 200, 429]);
    await shot(page, 'error-429');
  });

  it('shows the 500 state when the service keeps failing (a fault the test forces), and an override empties the list', async () => {
    const { page, mock } = await open();
    await loaded(page);
    // The SDK retries a 500 twice: three failures reach the page.
    await mock.fault({ method: 'GET', path: '/v1/contacts', status: 500, code: 'internal_error', count: 3 });
    await filterBy(page, '');
    expect(await alertText(page)).toBe('The service failed (500). Try again in a moment.');
    await shot(page, 'error-500');

    await mock.override('listContacts', { status: 200, body: { data: { contacts: [], pagination: { limit: 10, has_more: false } } } }, { times: 1 });
    await filterBy(page, '');
    await status(page).filter({ hasText: 'No contacts.' }).waitFor();
  });
});
