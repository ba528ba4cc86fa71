import { startMockServer, type MockServer } from '@network-org/mock/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS } from '../support/harness';
import { type Browser, CHROMIUM_TEST_TIMEOUT, chromiumForInspector, launchChromium, type Locator, type Page } from '../support/chromium';

// The inspector's Sessions, Faults & snapshots and Data tabs and its keyboard in real Chromium, used as a person
// would: each test opens its own page and works in its own named session of one server.
const present = chromiumForInspector();
const KEY = KEYS.admin;
const ACCOUNT = '101';
const WAIT = { timeout: 10_000 };

describe.skipIf(!present)('the inspector tabs in Chromium', { timeout: CHROMIUM_TEST_TIMEOUT }, () => {
  let server: MockServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    server = await startMockServer({ port: 0, rateLimit: false });
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A request to the API (or, under /__mock, the control API) as the admin key; `null`: the default session. */
  async function send(path: string, session: string | null, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: any }> {
    const headers: Record<string, string> = { Authorization: `Bearer ${KEY}` };
    if (session !== null) headers['X-Mock-Session'] = session;
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(`${server.url}${path}`, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
    const text = await response.text();
    return { status: response.status, body: text === '' ? null : JSON.parse(text) };
  }

  async function openPage(): Promise<Page> {
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}/__mock/ui/`);
    await page.getByRole('tab', { name: 'Requests', exact: true }).waitFor();
    return page;
  }

  async function closePage(): Promise<void> {
    await page.close();
    expect(errors).toEqual([]);
  }

  const tab = (name: string) => page.getByRole('tab', { name, exact: true });
  const cells = (rows: Locator) => rows.evaluateAll((elements) => elements.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)));
  const statusLine = () => page.getByRole('status').textContent();

  it('Sessions: lists a named session used over the API, opens its journal, and drops it on the server too', async () => {
    await openPage();
    expect((await send('/v1/accounts', 'people-a')).status).toBe(200);
    expect((await send('/v1/organization', 'people-a')).status).toBe(200);
    expect((await send('/v1/accounts', 'people-b')).status).toBe(200);

    await tab('Sessions').click();
    const sessionRows = page.locator('#sessions tbody tr');
    const row = (name: string) => sessionRows.filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${name}$`) }) });
    // Other tests of the file may have left sessions of their own: only this test's are looked at.
    const ours = async () => (await sessionRows.locator('td:first-child').allTextContents()).filter((name) => name === 'default' || name.startsWith('people-')).sort();
    await row('people-a').waitFor(WAIT);
    expect(await ours()).toEqual(['default', 'people-a', 'people-b']);

    // "Journal" shows the Requests tab narrowed to that session's requests.
    await row('people-a').getByRole('button', { name: 'Journal' }).click();
    expect(await tab('Requests').getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('region', { name: 'Requests' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Session filter').inputValue()).toBe('people-a');
    const requests = page.locator('#requests tbody tr');
    await expect.poll(() => cells(requests).then((rows) => rows.map((cells) => cells.slice(1, 4)))).toEqual([
      ['people-a', 'GET', '/v1/organization'],
      ['people-a', 'GET', '/v1/accounts'],
    ]);

    await tab('Sessions').click();
    await row('people-a').getByRole('button', { name: 'Drop' }).click();
    await expect.poll(ours).toEqual(['default', 'people-b']);
    expect(await statusLine()).toBe('Dropping people-a: done.');
    const { body } = await send('/__mock/sessions', null);
    expect(body.sessions.map((session: { name: string }) => session.name).filter((name: string) => name.startsWith('people-'))).toEqual(['people-b']);
    await closePage();
  });

  it('Faults & snapshots: a fault added for the acting session fails its next call once; a restored snapshot undoes a write', async () => {
    await openPage();
    // The session comes after the page loaded: the tab offers it all the same.
    expect((await send('/v1/accounts', 'faulty')).status).toBe(200);

    await tab('Faults & snapshots').click();
    const view = page.getByRole('region', { name: 'Faults and snapshots' });
    await view.getByLabel('Session', { exact: true }).selectOption('faulty', WAIT);
    await view.getByLabel('Path', { exact: true }).fill('/v1/accounts');
    await view.getByLabel('Status', { exact: true }).fill('503');
    await view.getByLabel('Count', { exact: true }).fill('1');
    await view.getByRole('button', { name: 'Add fault' }).click();
    const faults = view.locator('#faults tbody tr');
    await expect.poll(() => cells(faults)).toEqual([['any', '/v1/accounts', '503', '—', '1', '—']]);
    // The fault is the acting session's: the default session is untouched, the named one fails once.
    expect((await send('/v1/accounts', null)).status).toBe(200);
    expect((await send('/v1/accounts', 'faulty')).status).toBe(503);
    expect((await send('/v1/accounts', 'faulty')).status).toBe(200);
    await view.getByRole('button', { name: 'Refresh' }).click();
    await view.getByText('No faults pending.').waitFor(WAIT);

    await view.getByRole('button', { name: 'Add fault' }).click();
    await expect.poll(() => faults.count()).toBe(1);
    await view.getByRole('button', { name: 'Clear faults' }).click();
    await view.getByText('No faults pending.').waitFor(WAIT);
    expect(await statusLine()).toBe('Clearing the faults: done.');
    expect((await send('/v1/accounts', 'faulty')).status).toBe(200);

    await view.getByRole('button', { name: 'Take snapshot' }).click();
    const snapshots = view.locator('#snapshots tbody tr');
    await expect.poll(() => cells(snapshots).then((rows) => rows.map((cells) => cells[0]))).toEqual(['snap_1']);
    expect((await send('/__mock/snapshots', 'faulty')).body).toEqual({ snapshots: [{ snapshot_id: 'snap_1' }] });

    const viewNames = async () => (await send(`/v1/views?account_id=${ACCOUNT}&limit=100`, 'faulty')).body.data.views.map((each: { name: string }) => each.name);
    const created = await send('/v1/views', 'faulty', {
      method: 'POST',
      body: { account_id: ACCOUNT, type: 'contact', name: 'Written after the snapshot', filters: { specific_contacts: { contact_ids: ['1000001'] } } },
    });
    expect(created.status).toBe(201);
    expect(await viewNames()).toContain('Written after the snapshot');
    await snapshots.filter({ hasText: 'snap_1' }).getByRole('button', { name: 'Restore' }).click();
    await expect.poll(statusLine).toBe('Restoring snap_1: done.');
    expect(await viewNames()).not.toContain('Written after the snapshot');
    await closePage();
  });

  it('Data: accounts, a contact search that narrows, a conversation with its messages, the activity chart, drafts', async () => {
    await openPage();
    // Used after the page loaded, before the tab is opened: the tab offers it.
    expect((await send('/v1/accounts', 'drafting')).status).toBe(200);
    await tab('Data').click();
    const view = page.getByRole('region', { name: 'Data' });
    const accounts = (await send('/v1/accounts', null)).body.data.accounts as { account_id: string; display_name: string }[];
    await expect.poll(() => view.locator('.picker button').allTextContents()).toEqual(accounts.map((account) => `${account.display_name} (${account.account_id})`));
    expect(await view.getByRole('button', { name: `(${ACCOUNT})` }).getAttribute('aria-pressed')).toBe('true');

    // Contacts: a page of 25, then only those the search finds.
    const table = view.locator('.data table').first();
    const names = () => table.locator('tbody tr td:first-child').allTextContents();
    await expect.poll(() => names().then((shown) => shown.length)).toBe(25);
    const found = (await send(`/v1/contacts?account_id=${ACCOUNT}&limit=25&query=${encodeURIComponent('Jordy Mraz')}`, null)).body.data.contacts.map((contact: { name: string }) => contact.name);
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThan(25);
    await view.getByLabel('Search contacts').fill('Jordy Mraz');
    await view.getByLabel('Search contacts').press('Enter');
    await expect.poll(names).toEqual(found);

    // Conversations: a click on one shows its messages.
    await view.getByRole('tab', { name: 'Conversations' }).click();
    await table.getByRole('columnheader', { name: 'Last message' }).waitFor(WAIT);
    const conversations = (await send(`/v1/conversations?account_id=${ACCOUNT}&limit=25`, null)).body.data.conversations as { conversation_id: string; message_count: number }[];
    const first = conversations[0]!;
    expect(first.message_count).toBeGreaterThan(0);
    await table.locator('tbody tr').first().click();
    const messages = view.locator('.messages');
    await messages.getByRole('heading', { name: `Messages of conversation ${first.conversation_id}` }).waitFor(WAIT);
    const sent = (await send(`/v1/conversations/${first.conversation_id}/messages?account_id=${ACCOUNT}&limit=25`, null)).body.data.messages as { text: string }[];
    expect(sent.length).toBe(Math.min(first.message_count, 25));
    expect(await messages.locator('tbody tr td:nth-child(3)').allTextContents()).toEqual(sent.map((message) => message.text));

    // Activity: one stacked bar per day and type, summing to the account's events.
    const events: { occurred_at: string; event_type: string }[] = [];
    for (let cursor: string | undefined, start = true; start || cursor; start = false) {
      const { body } = await send(`/v1/activity?account_id=${ACCOUNT}&limit=200${cursor ? `&cursor=${cursor}` : ''}`, null);
      events.push(...body.data.activity);
      cursor = body.data.pagination?.next_cursor;
    }
    const days = new Set(events.map((event) => event.occurred_at.slice(0, 10)));
    const types = [...new Set(events.map((event) => event.event_type))].sort();
    expect(events.length).toBeGreaterThan(0);
    await view.getByRole('tab', { name: 'Activity' }).click();
    const chart = view.getByRole('img', { name: `Activity of account ${ACCOUNT} by day and type: ${events.length} events over ${days.size} days` });
    await chart.waitFor(WAIT);
    const bars = (await chart.locator('rect title').allTextContents()).map((title) => /^(\d{4}-\d{2}-\d{2}) (\w+): (\d+)$/.exec(title));
    expect(bars.every((bar) => bar !== null)).toBe(true);
    expect(bars.reduce((sum, bar) => sum + Number(bar![3]), 0)).toBe(events.length);
    expect(new Set(bars.map((bar) => bar![1]))).toEqual(days);
    expect(await view.locator('.legend li').allTextContents()).toEqual(types);

    // Drafts: those of the session the tab acts on.
    await view.getByRole('tab', { name: 'Drafts' }).click();
    await view.getByText('No drafts saved for this account.').waitFor(WAIT);
    const draft = await send('/v1/drafts', 'drafting', { method: 'POST', body: { account_id: ACCOUNT, contact_id: '1000001', draft_message: 'Saved from the inspector test' } });
    expect(draft.status).toBe(200);
    await view.getByLabel('Session', { exact: true }).selectOption('drafting', WAIT);
    const drafts = view.locator('.data table tbody tr');
    await expect.poll(() => cells(drafts).then((rows) => rows.map((cells) => cells.slice(0, 4)))).toEqual([['message', '1000001', '—', 'Saved from the inspector test']]);
    await view.getByLabel('Session', { exact: true }).selectOption('default');
    await view.getByText('No drafts saved for this account.').waitFor(WAIT);
    await closePage();
  });

  it('Keyboard: `/` from another tab shows the requests and focuses the filter, but types in a field', async () => {
    await openPage();
    await tab('Data').click();
    const search = page.getByLabel('Search contacts');
    await search.waitFor(WAIT);
    await search.click();
    await page.keyboard.type('a/b');
    expect(await search.inputValue()).toBe('a/b');
    expect(await tab('Data').getAttribute('aria-selected')).toBe('true');

    await page.locator('h1').click();
    await page.keyboard.press('/');
    expect(await tab('Requests').getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('region', { name: 'Data' }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Filter requests');
    await page.keyboard.type('accounts');
    expect(await page.getByLabel('Filter requests').inputValue()).toBe('accounts');
    await closePage();
  });
});
