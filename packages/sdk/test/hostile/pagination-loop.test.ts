// A server whose cursors go round in circles ends the walk with PaginationLoopError instead of looping forever.
import { afterEach, describe, expect, it } from 'vitest';
import { NetworkClient, PaginationLoopError } from '@network-org/sdk';
import { contactsPage, sendJson, startHostileServer, type Behaviour, type HostileServer } from './server';

let server: HostileServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(behave: Behaviour): Promise<NetworkClient> {
  server = await startHostileServer(behave);
  return new NetworkClient({ apiKey: 'sk_test_pages', baseUrl: server.url, maxRetries: 0, timeout: 2_000 });
}

const cursorOf = (url: string | undefined) => new URL(url ?? '/', 'http://x').searchParams.get('cursor');

/** Walks every item; the error the walk ended in, or undefined. */
async function walk(network: NetworkClient, seen: string[]): Promise<unknown> {
  try {
    for await (const contact of network.contacts.list()) seen.push(contact.contact_id);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('pagination that would loop', () => {
  it('a server repeating next_cursor with has_more true ends the walk after the repeat', async () => {
    const network = await serve((req, res) =>
      sendJson(res, 200, cursorOf(req.url) === null ? contactsPage(['1', '2'], 'c1') : contactsPage(['3'], 'c1')),
    );
    const seen: string[] = [];
    expect(await walk(network, seen)).toBeInstanceOf(PaginationLoopError);
    expect(seen).toEqual(['1', '2', '3']);
    expect(server?.requests).toBe(2);
  });

  it('an empty page that claims more under the same cursor ends the walk', async () => {
    const network = await serve((req, res) =>
      sendJson(res, 200, cursorOf(req.url) === null ? contactsPage(['1'], 'c2') : contactsPage([], 'c2')),
    );
    const seen: string[] = [];
    expect(await walk(network, seen)).toBeInstanceOf(PaginationLoopError);
    expect(seen).toEqual(['1']);
    expect(server?.requests).toBe(2);
  });

  it('cursors that cycle (a, b, a) end the walk before fetching a page twice', async () => {
    const next: Record<string, string> = { first: 'a', a: 'b', b: 'a' };
    const network = await serve((req, res) => {
      const cursor = cursorOf(req.url) ?? 'first';
      sendJson(res, 200, contactsPage([cursor], next[cursor]));
    });
    const seen: string[] = [];
    expect(await walk(network, seen)).toBeInstanceOf(PaginationLoopError);
    expect(seen).toEqual(['first', 'a', 'b']);
    expect(server?.requests).toBe(3);
  });

  it('.pages() and nextPage() stop the same way', async () => {
    const network = await serve((_req, res) => sendJson(res, 200, contactsPage([], 'c1')));
    let pages = 0;
    const walkPages = async () => {
      for await (const _page of network.contacts.list().pages()) pages++;
    };
    await expect(walkPages()).rejects.toBeInstanceOf(PaginationLoopError);
    expect(pages).toBe(2);
    const second = await (await network.contacts.list()).nextPage();
    expect(second.hasNextPage()).toBe(true);
    await expect(second.nextPage()).rejects.toBeInstanceOf(PaginationLoopError);
  });

  it('empty pages that each claim more under a new cursor end the walk after 100 in a row', async () => {
    const network = await serve((req, res) => {
      const page = Number(cursorOf(req.url) ?? '0');
      sendJson(res, 200, contactsPage(page === 0 ? ['0'] : [], `${page + 1}`));
    });
    const seen: string[] = [];
    const error = await walk(network, seen);
    expect(error).toBeInstanceOf(PaginationLoopError);
    expect((error as Error).message).toMatch(/100 empty pages in a row/);
    expect(seen).toEqual(['0']);
    expect(server?.requests).toBe(101);
  });

  it('a few empty pages between full ones do not end the walk', async () => {
    const network = await serve((req, res) => {
      const page = Number(cursorOf(req.url) ?? '0');
      const items = page % 50 === 49 || page === 150 ? [`${page}`] : [];
      sendJson(res, 200, contactsPage(items, page < 150 ? `${page + 1}` : undefined));
    });
    const seen: string[] = [];
    expect(await walk(network, seen)).toBeUndefined();
    expect(seen).toEqual(['49', '99', '149', '150']);
  });

  it('a walk whose cursors all differ still reaches the end', async () => {
    const network = await serve((req, res) => {
      const page = Number(cursorOf(req.url) ?? '0');
      sendJson(res, 200, contactsPage([`${page}`], page < 4 ? `${page + 1}` : undefined));
    });
    const seen: string[] = [];
    expect(await walk(network, seen)).toBeUndefined();
    expect(seen).toEqual(['0', '1', '2', '3', '4']);
  });
});
