import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startMockServer, type MockServer } from '@network-org/mock/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS } from '../support/harness';
import { CHROMIUM_TEST_TIMEOUT, chromiumForInspector, launchChromium } from '../support/chromium';

// The inspector page in real Chromium against the node:http server, as a test writer opens it.
const present = chromiumForInspector();

const KEY = KEYS.admin;
const OUTPUT = fileURLToPath(new URL('./__output__/', import.meta.url));

describe.skipIf(!present)('the inspector page in Chromium', { timeout: CHROMIUM_TEST_TIMEOUT }, () => {
  let server: MockServer;
  let closed = false;
  let browser: Awaited<ReturnType<typeof launchChromium>>;

  beforeAll(async () => {
    server = await startMockServer({ port: 0, rateLimit: false });
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    if (!closed) await server?.close();
  });

  const send = (path: string, session: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, { ...init, headers: { Authorization: `Bearer ${KEY}`, 'X-Mock-Session': session, ...init.headers } });

  it('shows requests of two sessions live, opens a 400 to its error body, filters, and keeps the key out', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    const requested: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`${server.url}/__mock/ui/`);
    await page.getByRole('tab', { name: 'Requests' }).waitFor();

    // Sent after the page loaded: they must appear without a reload.
    expect((await send('/v1/contacts?limit=2', 'worker-1')).status).toBe(200);
    expect((await send('/v1/contacts?limit=zero', 'worker-2')).status).toBe(400);
    expect((await send('/v1/contact', 'worker-2')).status).toBe(404);
    const rows = page.locator('#requests tbody tr');
    // A row by its status cell alone: the time cell's milliseconds may read 400 or 404 too.
    const withStatus = (status: string) => rows.filter({ has: page.locator('td', { hasText: new RegExp(`^${status}$`) }) });
    await withStatus('404').waitFor({ timeout: 10_000 });
    const listed = await rows.evaluateAll((elements) => elements.map((row) => [...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent)));
    // Newest first, without the time: session, method, path, operation, status, duration.
    expect(listed.map((cells) => cells.slice(0, 5))).toEqual([
      ['worker-2', 'GET', '/v1/contact', '—', '404'],
      ['worker-2', 'GET', '/v1/contacts?limit=zero', 'listContacts', '400'],
      ['worker-1', 'GET', '/v1/contacts?limit=2', 'listContacts', '200'],
    ]);
    for (const cells of listed) expect(cells[5]).toMatch(/^\d+\.\d ms$/);

    // The 400 opens to its error body and the redacted header.
    await withStatus('400').click();
    const responseBody = page.getByLabel('Response body');
    await responseBody.waitFor();
    expect(JSON.parse((await responseBody.textContent()) ?? '')).toEqual({ code: 'bad_request', message: expect.stringContaining('limit') });
    const detail = page.getByLabel('Request detail');
    expect(await detail.textContent()).toContain('Bearer ****dmin');
    expect(await detail.locator('pre.curl').textContent()).toContain('$NETWORK_API_KEY');

    // `/` focuses the filter; text, session and status class narrow the list.
    await page.locator('h1').click();
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('filter');
    await page.keyboard.type('limit=2');
    await expect.poll(() => rows.count()).toBe(1);
    await page.locator('#filter').fill('');
    await page.getByLabel('Session filter').selectOption('worker-2');
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByLabel('Status filter').selectOption('4xx');
    await page.getByLabel('Session filter').selectOption('*');
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByLabel('Status filter').selectOption('2xx');
    await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining('worker-1')]);
    await page.getByLabel('Status filter').selectOption('*');
    await withStatus('400').click();
    await responseBody.waitFor();

    mkdirSync(OUTPUT, { recursive: true });
    await page.screenshot({ path: `${OUTPUT}inspector.png` });

    // The data browser reads through the control API: still no key in the page, nothing from elsewhere.
    await page.getByRole('tab', { name: 'Data' }).click();
    await page.getByRole('button', { name: /\(101\)/ }).waitFor();
    const html = await page.content();
    expect(html).not.toContain(KEY);
    expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }))).not.toContain(KEY);
    expect(requested.length).toBeGreaterThan(3);
    expect(requested.filter((url) => !url.startsWith(`${server.url}/__mock/`))).toEqual([]);
    expect(errors).toEqual([]);

    // The page polls over keep-alive connections: closing the server while it is open still finishes.
    await server.close();
    closed = true;
    await page.close();
  }, 30_000);

  it('with a control token: opened once with ?token=, drops it from the address and reads the journal with it', async () => {
    const token = 'control-token-for-the-page';
    const guarded = await startMockServer({ port: 0, rateLimit: false, controlToken: token });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await page.goto(`${guarded.url}/__mock/ui/?token=${token}`);
      await page.getByRole('tab', { name: 'Requests' }).waitFor();
      expect(page.url()).toBe(`${guarded.url}/__mock/ui/`);
      await fetch(`${guarded.url}/v1/organization`, { headers: { Authorization: `Bearer ${KEY}` } });
      await page.locator('#requests tbody tr', { hasText: 'listOrganizations' }).waitFor({ timeout: 10_000 });
      expect(await page.content()).not.toContain(token);
    } finally {
      await page.close();
      await guarded.close();
    }
  }, 20_000);
});
