import type { ContactListResponse } from '@network-org/sdk';
import { createMockApi } from '@network-org/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_TEST_TIMEOUT, buildExample, chromiumPresent, launchChromium, serveExample, type ServedExample } from '../../../../examples/browser/test/chromium';

// examples/browser in real Chromium: the SDK lists contacts page by page against @network-org/mock/browser.
const present = chromiumPresent();
if (!present && process.env.CI === 'true') {
  throw new Error(
    `The browser example test needs Chromium at ${CHROMIUM} and CI=true: install it with \`apt-get update && apt-get install -y chromium\` (.ci/run does so as root).`,
  );
}

/** A page of contact names as the same seeded mock answers in Node. */
async function contactNames(cursor?: string): Promise<{ names: string[]; next_cursor?: string }> {
  const mock = createMockApi({ rateLimit: false });
  const url = new URL(`${mock.baseUrl}/v1/contacts`);
  if (cursor) url.searchParams.set('cursor', cursor);
  const response = await mock.fetch(new Request(url, { headers: { Authorization: `Bearer ${mock.keys.admin}` } }));
  const { data } = (await response.json()) as ContactListResponse;
  return { names: data.contacts.map((contact) => contact.name ?? ''), next_cursor: data.pagination.next_cursor };
}

describe.skipIf(!present)('examples/browser in Chromium', { timeout: CHROMIUM_TEST_TIMEOUT }, () => {
  let served: ServedExample | undefined;
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;

  beforeAll(async () => {
    buildExample();
    served = await serveExample();
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });

  it('shows the first page of contacts, then the next page after a click on "Next page"', async () => {
    const first = await contactNames();
    const second = await contactNames(first.next_cursor);
    expect(first.names).toHaveLength(10);
    expect(second.names).toHaveLength(10);

    const page = await browser!.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(served!.url);

    const status = page.getByRole('status');
    const names = page.locator('#contacts .name');
    await status.filter({ hasText: 'Page 1' }).waitFor({ timeout: 60_000 });
    expect(await names.allTextContents()).toEqual(first.names);

    await page.getByRole('button', { name: 'Next page' }).click();
    await status.filter({ hasText: 'Page 2' }).waitFor();
    expect(await names.allTextContents()).toEqual(second.names);
    expect(errors).toEqual([]);
  }, 120_000);
});
