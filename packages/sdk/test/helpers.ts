import { fileURLToPath } from 'node:url';
import { type ClientOptions, type ContactListItem, type KnownFields, NetworkClient } from '@network-org/sdk';

export const API_KEY = 'sk_test_secret_key_123';
export const BASE_URL = 'https://api.network.test';

export interface RecordedCall {
  url: URL;
  method: string;
  headers: Headers;
  body: unknown;
  signal: AbortSignal | undefined;
}

type Reply = Response | Error | ((call: RecordedCall) => Response | Promise<Response>);

/** A fetch that answers the given replies in order (the last one repeats) and records every call. */
export function fakeFetch(...replies: Reply[]) {
  const calls: RecordedCall[] = [];
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    const call: RecordedCall = {
      url: new URL(url),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      signal: init.signal ?? undefined,
    };
    calls.push(call);
    const reply = replies[Math.min(calls.length - 1, replies.length - 1)];
    if (reply instanceof Error) throw reply;
    if (typeof reply === 'function') return reply(call);
    if (!reply) throw new Error('fakeFetch: no reply configured');
    return reply.clone();
  };
  return { fetch, calls };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export function errorReply(status: number, code: string, message = `${code} happened`, headers = {}): Response {
  return json({ code, message }, status, headers);
}

/** A fetch that never answers, but rejects like the real one when its signal aborts. */
export function hangingFetch() {
  let calls = 0;
  const fetch = (_url: string, init: RequestInit) => {
    calls++;
    return new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true });
    });
  };
  return { fetch, calls: () => calls };
}

export function client(fetch: ClientOptions['fetch'], options: Partial<ClientOptions> = {}): NetworkClient {
  return new NetworkClient({ apiKey: API_KEY, baseUrl: BASE_URL, fetch, ...options });
}

/** The settled outcome of a promise, for asserting on rejections without unhandled-rejection noise. */
export async function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  try {
    return { value: await promise };
  } catch (error) {
    return { error };
  }
}

/**
 * A contact list item with every field the list always carries (its declared fields typed, so the spec's required
 * fields are all here; it has no custom field).
 */
export const contact = (id: string): ContactListItem => knownOnly({
  account_relationship_id: `50${id}`,
  contact_id: id,
  provider_participant_id: `ACoAAB${id}`,
  public_identifier: `person-${id}`,
  account: { account_id: '101', display_name: 'Ada Admin', provider_account_id: 'ACoAAA101', owner_user_id: '1' },
  name: `Person ${id}`,
  first_name: 'Person',
  last_name: id,
  headline: null,
  primary_role_title: null,
  primary_company_name: null,
  work_email: null,
  phone: null,
  network_url: `https://www.network.com/in/person-${id}`,
  avatar_url: null,
  background_cover_url: null,
  about: null,
  profile_action_label: null,
  profile_action_url: null,
  follower_count: null,
  connections_count: null,
  relationship_status: 'connected',
  connection_invitation: null,
  tags: [],
  languages: [],
  experiences: [],
  educations: [],
  locations: [],
  company: null,
  app_url: `https://app.network.test/contacts/${id}`,
});

const knownOnly = (item: KnownFields<ContactListItem>) => item as ContactListItem;

export const contactsPage = (ids: string[], pagination: { limit: number; has_more: boolean; next_cursor?: string }) =>
  json({ data: { contacts: ids.map(contact), pagination } });

/** Bundles the SDK's sources into `outfile` as one ES module that Node runs as is (for tests in a new process). */
export async function bundleSdkSources(outfile: string): Promise<string> {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [fileURLToPath(new URL('../src/index.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    outfile,
    logLevel: 'silent',
  });
  return outfile;
}
