import { NetworkClient } from '@network-org/sdk';

type Fields = Record<string, unknown>;

/** What a PATCH round trip must leave as it was: tags, notes and custom fields (keys with a space, or `Tier`). */
export function restorable(record: Fields): Fields {
  const custom = Object.fromEntries(Object.entries(record).filter(([key]) => /\s|^Tier$/.test(key)));
  return { tags: record.tags, notes_json: record.notes_json ?? null, custom };
}

/**
 * A fetch that keeps, for each contact and company the run PATCHes, the record as its first PATCH answered it
 * (verify's read before its first change), and `check()`, which reads each one a PATCH changed again through the SDK.
 */
export function watchPatches(baseUrl: string, apiKey: string) {
  const first = new Map<string, { kind: 'contacts' | 'companies'; id: string; account: string; record: Fields }>();
  const changed = new Set<string>();
  const fetcher = async (url: string, init: RequestInit): Promise<Response> => {
    const response = await fetch(url, init);
    const match = /\/v1\/(contacts|companies)\/(\d+)$/.exec(new URL(url).pathname);
    if (init.method === 'PATCH' && match && response.status === 200) {
      const body = JSON.parse(String(init.body)) as { account_id?: string };
      const account = String(body.account_id);
      const key = `${match[1]} ${match[2]} ${account}`;
      // A PATCH with only account_id reads the record and changes nothing: its record needs no putting back.
      if (Object.keys(body).some((name) => name !== 'account_id')) changed.add(key);
      if (!first.has(key)) {
        const body = (await response.clone().json()) as { data: Record<string, Fields> };
        const record = body.data.contact ?? body.data.company ?? {};
        first.set(key, { kind: match[1] as 'contacts' | 'companies', id: match[2]!, account, record });
      }
    }
    return response;
  };
  const client = new NetworkClient({ apiKey, baseUrl });
  /** Each record a PATCH changed, as it is now and as it was first seen. */
  const check = async () =>
    Promise.all(
      [...first].filter(([key]) => changed.has(key)).map(async ([, { kind, id, account, record }]) => {
        const now = kind === 'contacts' ? await client.contacts.update(id, { account_id: account }) : await client.companies.update(id, { account_id: account });
        return { record: `${kind} ${id}`, now: restorable(now as Fields), before: restorable(record) };
      }),
    );
  return { fetch: fetcher, check, count: () => changed.size };
}
