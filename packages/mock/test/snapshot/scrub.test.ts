// Scrubbing on by default: no original value of a scrubbed field survives anywhere in the snapshot file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMockApi } from '@network-org/mock';
import { beforeAll, describe, expect, it } from 'vitest';
import { MARK, markedSource, snapshotOf, tempDir } from './support';

const ADMIN = { authorization: 'Bearer sk_test_admin' };

/** Every name, e-mail, phone, handle, URL and message text the source shows through its API. */
async function sourceValues(source: ReturnType<typeof markedSource>): Promise<Set<string>> {
  const values = new Set<string>();
  const get = async (path: string) => (await (await source.fetch(path, { headers: ADMIN })).json()) as any;
  const accounts = (await get('/v1/accounts')).data.accounts;
  values.add((await get('/v1/organization')).organization[0].name);
  for (const account of accounts) {
    values.add(account.display_name);
    for (let cursor: string | undefined, page: any; (page = (await get(`/v1/contacts?account_id=${account.account_id}&limit=25${cursor ? `&cursor=${cursor}` : ''}`)).data); ) {
      for (const contact of page.contacts) {
        // Whole values: a single first or last name also occurs among the fakes, drawn from the same pool of names.
        for (const field of ['name', 'public_identifier', 'network_url', 'headline', 'work_email', 'phone', 'avatar_url', 'background_cover_url']) {
          if (contact[field]) values.add(contact[field]);
        }
        for (const field of ['name', 'public_identifier', 'network_url', 'website_url', 'avatar_url', 'headline']) if (contact.company?.[field]) values.add(contact.company[field]);
        if (contact.locations?.[0]?.display_text) values.add(contact.locations[0].display_text);
      }
      if (!page.pagination.has_more) break;
      cursor = page.pagination.next_cursor;
    }
    const conversations = (await get(`/v1/conversations?account_id=${account.account_id}&limit=25`)).data.conversations;
    for (const conversation of conversations) {
      const messages = (await get(`/v1/conversations/${conversation.conversation_id}/messages?account_id=${account.account_id}&limit=25`)).data.messages;
      for (const message of messages) if (message.text) values.add(message.text);
    }
  }
  return values;
}

describe('a scrubbed snapshot', () => {
  const dir = tempDir();
  const out = join(dir, 'snapshot.json');
  const source = markedSource();
  let text = '';
  let values: Set<string>;

  beforeAll(async () => {
    await snapshotOf(source, out);
    text = readFileSync(out, 'utf8');
    values = await sourceValues(source);
  });

  it('holds none of the marked values, nor any other name, e-mail, phone, handle, URL or message of the source', () => {
    // The marked first and last names too, each on its own.
    expect(text).not.toContain(MARK);
    expect(text.toLowerCase()).not.toContain(MARK.toLowerCase());
    expect(values.size).toBeGreaterThan(200);
    const survivors = [...values].filter((value) => value.length > 3 && text.includes(JSON.stringify(value).slice(1, -1)));
    expect(survivors).toEqual([]);
  });

  it('is a state file the mock loads and serves with the fixture keys', async () => {
    const served = createMockApi({ state: text, rateLimit: false });
    const response = await served.fetch('/v1/contacts?limit=25', { headers: ADMIN });
    expect(response.status).toBe(200);
    const body = (await response.json()) as any;
    expect(body.data.contacts.length).toBeGreaterThan(0);
    expect(body.data.contacts[0].network_url).toMatch(/^https:\/\/www\.network\.com\/in\/[a-z0-9-]+$/);
    expect(body.data.contacts[0].name).toMatch(/^[A-Z][a-z'-]+ [A-Z][A-Za-z' -]+$/);
  });

  it('gives the same fakes for the same salt in every run, and others for another salt', async () => {
    const again = join(dir, 'again.json');
    await snapshotOf(source, again);
    expect(readFileSync(again, 'utf8')).toBe(text);
    const salted = join(dir, 'salted.json');
    await snapshotOf(source, salted, { salt: 'another' });
    expect(readFileSync(salted, 'utf8')).not.toBe(text);
  });

  it('draws its own salt when none is given, keeps it only in the checkpoint, and goes on with it when resumed', async () => {
    const out = join(dir, 'resumed.json');
    let calls = 0;
    const dropping = { fetch: (async (input, init) => (++calls > 30 ? Promise.reject(new TypeError('fetch failed')) : source.fetch(input, init))) as typeof fetch };
    await expect(snapshotOf(dropping, out, { salt: undefined })).rejects.toThrow(/fetch failed/);
    const salt = JSON.parse(readFileSync(`${out}.parts/checkpoint.json`, 'utf8')).salt as string;
    expect(salt).toMatch(/^[A-Za-z0-9_-]{24}$/);
    await expect(snapshotOf(source, out, { salt: 'another', resume: true })).rejects.toThrow(/another salt/);
    await snapshotOf(source, out, { salt: undefined, resume: true });
    const resumed = readFileSync(out, 'utf8');
    expect(resumed).not.toContain(salt);
    // The same fakes as a whole run with that salt: the resumed half drew from the checkpoint's salt.
    const whole = join(dir, 'whole-with-that-salt.json');
    await snapshotOf(source, whole, { salt });
    expect(resumed).toBe(readFileSync(whole, 'utf8'));
  });

  it('keeps everything with scrub off, and named fields with keep', async () => {
    const raw = join(dir, 'raw.json');
    await snapshotOf(source, raw, { scrub: false });
    expect(readFileSync(raw, 'utf8')).toContain(`${MARK} a private message`);
    const kept = join(dir, 'kept.json');
    await snapshotOf(source, kept, { keep: ['headline'] });
    const keptText = readFileSync(kept, 'utf8');
    expect(keptText).toContain(`${MARK} headline`);
    expect(keptText).not.toContain(`${MARK} a private message`);
  });
});
