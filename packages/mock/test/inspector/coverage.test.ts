import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startMockServer, type MockServer } from '@network-org/mock/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS } from '../support/harness';
import { type Browser, CHROMIUM_TEST_TIMEOUT, chromiumForInspector, launchChromium } from '../support/chromium';

// The inspector's Coverage tab in real Chromium: what the requests exercised, for the whole mock and one session.
const present = chromiumForInspector();
const OUTPUT = fileURLToPath(new URL('./__output__/', import.meta.url));
const WAIT = { timeout: 10_000 };

describe.skipIf(!present)('the inspector Coverage tab in Chromium', { timeout: CHROMIUM_TEST_TIMEOUT }, () => {
  let server: MockServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startMockServer({ port: 0, rateLimit: false, contactsPerAccount: 10 });
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const send = (path: string, session: string | null, method = 'GET') =>
    fetch(`${server.url}${path}`, { method, headers: { Authorization: `Bearer ${KEYS.admin}`, ...(session === null ? {} : { 'X-Mock-Session': session }) } });

  it('shows the totals, each operation with its statuses and gaps, the unmatched requests, one session alone, and forgets', async () => {
    await send('/v1/contacts?limit=2&view_id=1', 'cover-a');
    await send('/v1/accounts', 'cover-a');
    await send('/v1/organization', null);
    await send('/v1/contact', null);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}/__mock/ui/`);
    await page.getByRole('tab', { name: 'Coverage', exact: true }).click();
    const totals = page.locator('#coverage-totals');
    await totals.waitFor(WAIT);
    expect(await totals.textContent()).toMatch(/^Operations exercised 3 of 16 · documented responses seen 3 of \d+ · parameters used 2 of \d+/);
    const row = (id: string) => page.locator('#coverage tbody tr').filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${id}$`) }) });
    const cells = async (id: string) => (await row(id).locator('td').allTextContents()).slice(0, 7);
    expect(await cells('listContacts')).toEqual([
      'listContacts',
      'GET /v1/contacts',
      '1',
      '400×1',
      '200 401 403 429 500',
      '2/14',
      expect.stringMatching(/^account_id cursor query /),
    ]);
    // Largest gaps first: an operation never called with many parameters leads; the organization (5 responses, no parameters) is late.
    const order = await page.locator('#coverage tbody tr td:first-child').allTextContents();
    expect(order[0]).toBe('listActivity');
    expect(order.indexOf('listOrganizations')).toBeGreaterThan(order.indexOf('listContacts'));
    expect(await page.locator('#coverage-unmatched').textContent()).toContain('Did you mean GET /v1/contacts?');
    mkdirSync(OUTPUT, { recursive: true });
    await page.screenshot({ path: `${OUTPUT}coverage.png` });

    await page.getByLabel('Coverage of').selectOption('cover-a');
    await expect.poll(() => totals.textContent(), WAIT).toMatch(/^Operations exercised 2 of 16/);
    expect(await cells('listOrganizations').then((values) => values[2])).toBe('0');

    await page.getByRole('button', { name: 'Forget' }).click();
    await expect.poll(() => totals.textContent(), WAIT).toMatch(/^Operations exercised 0 of 16/);
    // The whole mock keeps the default session's call only.
    await page.getByLabel('Coverage of').selectOption('*');
    await expect.poll(() => totals.textContent(), WAIT).toMatch(/^Operations exercised 1 of 16/);
    await page.close();
    expect(errors).toEqual([]);
  });
});
