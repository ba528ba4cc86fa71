// The same smoke in every runtime (no Node built-ins, so it also bundles for workerd and the browser): the
// packed SDK against `network-mock serve` at `baseUrl`. Throws on the first thing that is not as documented.
import { AuthenticationError, NetworkClient, NotFoundError } from '@network-org/sdk';

const ADMIN_KEY = 'sk_test_admin';
// Shaped like a live key; it must appear nowhere in what the SDK throws.
const BAD_KEY = 'sk_live_matrixSECRET_0123456789abcdef';

function check(condition, message) {
  if (!condition) throw new Error(`smoke: ${message}`);
}

/** Every text a user or a log could get out of an error: message, stack, String, JSON, inspect, the cause chain. */
function errorTexts(error, inspect) {
  const texts = [];
  for (let current = error, depth = 0; current && depth < 10; current = current.cause, depth += 1) {
    texts.push(String(current), current.message ?? '', current.stack ?? '', attempt(() => JSON.stringify(current)));
    if (current.headers) texts.push(attempt(() => JSON.stringify(Object.fromEntries(new Headers(current.headers)))));
  }
  if (inspect) texts.push(inspect(error, { depth: 10, showHidden: true }));
  return texts;
}

function attempt(text) {
  try {
    return text() ?? '';
  } catch (error) {
    return `(could not be written: ${error})`;
  }
}

function checkKeyAbsent(error, key, inspect) {
  const leaked = errorTexts(error, inspect).find((text) => text.includes(key));
  check(leaked === undefined, `the API key appears in the ${error?.constructor?.name}: ${leaked?.slice(0, 300)}`);
}

const settle = (promise) => promise.then(
  (value) => ({ value }),
  (error) => ({ error }),
);

/**
 * `runtime` names the caller (it tags the contact it changes, so runtimes sharing one server do not collide);
 * `inspect` is `node:util`'s where the runtime has it.
 */
export async function smoke(baseUrl, runtime, inspect) {
  const client = new NetworkClient({ baseUrl, apiKey: ADMIN_KEY, maxRetries: 0 });
  const [account] = await client.accounts.list();
  check(account?.account_id, 'accounts.list() gives the admin key an account');
  const accountId = account.account_id;

  const ids = [];
  for await (const contact of client.contacts.list({ account_id: [accountId], limit: 25 })) ids.push(contact.contact_id);
  check(ids.length > 25, `for await over contacts (limit 25) walked ${ids.length} contacts: it must cross pages`);
  check(new Set(ids).size === ids.length, 'for await over contacts gave a contact twice');

  const tag = `matrix-${runtime}`;
  const updated = await client.contacts.update(ids[0], { account_id: accountId, tags: { add: [{ name: tag, color: 'green' }] } });
  check(updated.contact_id === ids[0] && updated.tags.some((t) => t.name === tag), `contacts.update() answers the contact with tag ${tag}`);
  const tagged = await client.contacts.list({ account_id: [accountId], tag });
  check(tagged.items.some((contact) => contact.contact_id === ids[0]), 'the PATCHed tag shows in contacts.list({ tag })');

  const notFound = await settle(client.drafts.create({ account_id: accountId, conversation_id: '999999999', draft_message: 'hi' }));
  check(notFound.error instanceof NotFoundError, `drafts.create() of an unknown conversation rejects with NotFoundError, got ${notFound.error?.constructor?.name ?? 'a value'}`);
  check(notFound.error.status === 404 && notFound.error.code === 'not_found', `NotFoundError has status 404 and code not_found, got ${notFound.error.status} ${notFound.error.code}`);
  checkKeyAbsent(notFound.error, ADMIN_KEY, inspect);

  const unauthorized = await settle(new NetworkClient({ baseUrl, apiKey: BAD_KEY, maxRetries: 0 }).accounts.list());
  check(unauthorized.error instanceof AuthenticationError, `a bad key rejects with AuthenticationError, got ${unauthorized.error?.constructor?.name ?? 'a value'}`);
  check(unauthorized.error.status === 401 && unauthorized.error.code === 'unauthorized', `AuthenticationError has status 401 and code unauthorized, got ${unauthorized.error.status}`);
  checkKeyAbsent(unauthorized.error, BAD_KEY, inspect);

  return { runtime, contacts: ids.length, pages: Math.ceil(ids.length / 25) };
}
