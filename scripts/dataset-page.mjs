#!/usr/bin/env node
// docs/dataset.md, the mock's default dataset on one page, read from the mock itself so that it cannot drift: every
// fact on it is an answer of `createMockApi()` (seed 1, the default `now`) to a request through `mock.fetch`, or
// what `mock.customFields()` and `mock.networkProfiles()` give. `pnpm dataset` writes it (after `pnpm build`);
// `--check` writes nothing and fails when it is stale, and packages/mock/test/docs/dataset-page.test.ts does the
// same from the sources inside `pnpm test`.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DATASET_PAGE = resolve(root, 'docs/dataset.md');

/** Magic profile URLs and the two other outcomes an import or enrich can have. */
const PROFILE_CASES = [
  ['https://www.network.com/in/upstream-error', 'magic handle'],
  ['https://www.network.com/in/conflict', 'magic handle'],
  ['https://www.network.com/in/no-such-person', 'a well-formed URL of an unknown handle'],
  ['https://example.com/in/someone', 'not a profile URL'],
];

/** The API of one mock as a fixture key sees it: JSON answers and every item of a list, page after page. */
function apiOf(mock) {
  const call = async (key, method, path, body) => {
    const response = await mock.fetch(path, {
      method,
      headers: { Authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: await response.json() };
  };
  const walk = async (key, path, field) => {
    const items = [];
    let cursor;
    do {
      const separator = path.includes('?') ? '&' : '?';
      const { status, body } = await call(key, 'GET', `${path}${separator}limit=25${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      if (status !== 200) throw new Error(`GET ${path} answered ${status}: ${JSON.stringify(body)}`);
      items.push(...body.data[field]);
      cursor = body.data.pagination.has_more ? body.data.pagination.next_cursor : undefined;
    } while (cursor);
    return items;
  };
  return { call, walk };
}

const code = (text) => `\`${text}\``;
const outcome = ({ status, body }) => (status < 300 ? String(status) : `${status} ${code(body.code)}`);
const table = (head, rows) =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
const countBy = (values) => values.reduce((counts, value) => counts.set(value, (counts.get(value) ?? 0) + 1), new Map());

/** The page, as Markdown, from `createMockApi` (the built package's, or the sources' in a test). */
export async function renderDatasetPage(createMockApi) {
  const mock = createMockApi({ rateLimit: false });
  const { call, walk } = apiOf(mock);
  // Enrichment and import are writes of a kind: every read below sees the seeded dataset.
  const seeded = mock.snapshot();
  const keys = Object.entries(mock.keys);
  const sections = [];

  // Who each key is, from what the API answers it.
  const seen = [];
  const keyRows = [];
  let now;
  for (const [name, key] of keys) {
    const organization = await call(key, 'GET', '/v1/organization');
    if (organization.status !== 200) {
      keyRows.push([code(name), code(key), `${outcome(organization)}: ${organization.body.message}`, '—', '—', '—']);
      continue;
    }
    const [org] = organization.body.organization;
    const accounts = (await call(key, 'GET', '/v1/accounts')).body.data.accounts;
    seen.push({ name, key, org, accounts });
    const activity = await call(key, 'GET', '/v1/activity?limit=1');
    if (activity.status === 200) now ??= activity.body.data.generated_at;
    const [profile] = mock.networkProfiles({ imported: false, kind: 'member', limit: 1 }).profiles;
    const enrich = await call(key, 'POST', '/v1/enrich', { account_id: accounts[0].account_id, network_url: profile.network_url });
    mock.restore(seeded);
    keyRows.push([
      code(name),
      code(key),
      `${org.name} (${org.id})`,
      accounts.map((account) => account.account_id).join(', '),
      outcome(activity),
      outcome(enrich),
    ]);
  }
  // Ids are strings: a number where the API takes an id in a JSON body is refused, as the mock answers it.
  const adminKey = mock.keys.admin;
  const [firstAccount] = (await call(adminKey, 'GET', '/v1/accounts')).body.data.accounts;
  const [firstContact] = (await call(adminKey, 'GET', `/v1/contacts?account_id=${firstAccount.account_id}&limit=1`)).body.data.contacts;
  const numeric = await call(adminKey, 'PATCH', `/v1/contacts/${firstContact.contact_id}`, { account_id: Number(firstAccount.account_id), notes_json: null });
  mock.restore(seeded);
  sections.push(
    '## Ids are strings',
    'Every id (`account_id`, `contact_id`, `company_id`, `conversation_id`, `account_relationship_id`, view ids, ' +
      '`owner_user_id`) is a string of digits, in answers and in requests, although the tables below show them bare: ' +
      `\`"account_id": "${firstAccount.account_id}"\`, never \`${firstAccount.account_id}\`. In a query string every value is text, ` +
      `so \`?account_id=${firstAccount.account_id}\` works; in a JSON body a number is refused: ` +
      `\`PATCH /v1/contacts/${firstContact.contact_id}\` with \`{"account_id": ${firstAccount.account_id}}\` answers ` +
      `${outcome(numeric)}${numeric.status >= 400 ? ` (${numeric.body.message.replace(/\.$/, '')})` : ''}. The SDK's types make such a number a compile error.`,
  );
  sections.push(
    '## Fixture keys',
    'Each key as `mock.keys.NAME` and the answers it gets: its organization (`GET /v1/organization`), the accounts it may ' +
      'use (`GET /v1/accounts`), the activity report (`GET /v1/activity`, admins only) and an enrichment (`POST /v1/enrich`, ' +
      'which spends credits). A key refused everywhere shows the answer to every call.',
    table(['`mock.keys.`', 'key', 'organization', 'accounts', 'activity', 'enrich'], keyRows),
  );

  // Organizations and their accounts, counted through the key that administers them.
  const admins = [];
  for (const entry of seen) if (!admins.some((admin) => admin.org.id === entry.org.id)) admins.push(entry);
  const accountRows = [];
  const tagRows = [];
  const fieldCounts = new Map();
  for (const { key, org, accounts } of admins) {
    const conversations = countBy((await walk(key, '/v1/conversations', 'conversations')).map((item) => item.account_id));
    const tagsByAccount = [];
    for (const account of accounts) {
      const id = account.account_id;
      const contacts = await walk(key, `/v1/contacts?account_id=${id}`, 'contacts');
      const companies = await walk(key, `/v1/companies?account_id=${id}`, 'companies');
      const views = await walk(key, `/v1/views?account_id=${id}`, 'views');
      const usableBy = seen.filter((entry) => entry.accounts.some((item) => item.account_id === id)).map((entry) => code(entry.name));
      accountRows.push([
        org.name,
        code(id),
        account.display_name,
        code(account.owner_user_id),
        usableBy.join(', '),
        String(contacts.length),
        String(companies.length),
        String(conversations.get(id) ?? 0),
        String(views.length),
      ]);
      const tagsOf = (records) => countBy(records.flatMap((record) => record.tags.map((tag) => `${tag.name}\u0000${tag.color}`)));
      tagsByAccount.push({ id, contacts: tagsOf(contacts), companies: tagsOf(companies) });
      for (const [target, records] of [['contact', contacts], ['company', companies]]) {
        for (const record of records) {
          for (const [field, value] of Object.entries(record)) {
            const counted = `${org.id}\u0000${target}\u0000${field}`;
            if (value !== null) fieldCounts.set(counted, (fieldCounts.get(counted) ?? 0) + 1);
          }
        }
      }
    }
    const tagNames = [...new Set(tagsByAccount.flatMap((account) => [...account.contacts.keys(), ...account.companies.keys()]))].sort();
    const perAccount = (tag, target) => tagsByAccount.map((account) => `${account.id}: ${account[target].get(tag) ?? 0}`).join(', ');
    for (const tag of tagNames) {
      const [name, color] = tag.split('\u0000');
      tagRows.push([org.name, code(name), color, perAccount(tag, 'contacts'), perAccount(tag, 'companies')]);
    }
  }
  sections.push(
    '## Organizations and accounts',
    'Every account of every organization a fixture key reaches, with the keys that may use it and what it holds: ' +
      'contacts (`GET /v1/contacts?account_id=`), companies (`GET /v1/companies?account_id=`), conversations ' +
      '(`GET /v1/conversations`, by their `account_id`) and views (`GET /v1/views?account_id=`). A person held by ' +
      'several accounts of an organization has one `contact_id` and is counted in each.',
    table(['organization', 'account_id', 'display_name', 'owner_user_id', 'usable by', 'contacts', 'companies', 'conversations', 'views'], accountRows),
    '## Tags',
    "Tags, with the number of each account's contacts and companies that carry them (`GET /v1/contacts?tag=NAME`).",
    table(['organization', 'tag', 'color', 'contacts per account', 'companies per account'], tagRows),
  );

  // Custom fields, from the mock's own register, with the number of contacts holding a value.
  const fieldRows = mock.customFields().organizations.flatMap((organization) =>
    ['contact', 'company'].flatMap((target) =>
      organization[target].map((field) => [
        organization.organization_name,
        target,
        code(field.name),
        field.type,
        String(fieldCounts.get(`${organization.organization_id}\u0000${target}\u0000${field.name}`) ?? 0),
      ]),
    ),
  );
  sections.push(
    '## Custom fields',
    'Registered custom fields (`mock.customFields()`, `GET /__mock/custom-fields`): on the wire a value is a top-level key ' +
      'of the record, named as registered; a PATCH sets one by that name (`null` clears it), and any other unknown key is ' +
      '400. The last column counts the records (contacts and companies as each account lists them) that hold a value.',
    table(['organization', 'on', 'name', 'type', 'records with a value'], fieldRows),
  );

  // Magic profile handles, answered by import and enrich on the admin's first account.
  const admin = seen.find((entry) => entry.name === 'admin');
  const accountId = admin.accounts[0].account_id;
  const profileRows = [];
  for (const [url, what] of PROFILE_CASES) {
    const imported = await call(admin.key, 'POST', '/v1/contacts', { account_id: accountId, network_url: url });
    const enriched = await call(admin.key, 'POST', '/v1/enrich', { account_id: accountId, network_url: url });
    profileRows.push([code(url), what, outcome(imported), outcome(enriched)]);
    mock.restore(seeded);
  }
  sections.push(
    '## Magic profile handles',
    `Like a payment provider's test cards: profile URLs that fail on purpose (import and enrich as \`admin\` on account ${accountId}).`,
    table(['profile URL', 'what', 'import (`POST /v1/contacts`)', 'enrich (`POST /v1/enrich`)'], profileRows),
  );

  // The network: people and companies that are nobody's contact yet.
  const network = countBy(mock.networkProfiles({ imported: false }).profiles.map((profile) => profile.kind));
  const examples = mock.networkProfiles({ imported: false, kind: 'member', limit: 3 }).profiles;
  sections.push(
    '## The network',
    `${network.get('member') ?? 0} people and ${network.get('company') ?? 0} companies of the network are nobody's contact ` +
      'yet: importable (201 on first import) and enrichable. `mock.networkProfiles({imported: false})` and ' +
      '`GET /__mock/network-profiles?imported=false` list them; the first three people:',
    examples.map((profile) => `- ${code(profile.network_url)} (${profile.full_name})`).join('\n'),
  );

  const header = [
    '# The default dataset (seed 1)',
    '<!-- GENERATED by scripts/dataset-page.mjs from createMockApi(); do not edit. Run `pnpm dataset` after `pnpm build`. -->',
    `What \`createMockApi()\` (and \`network-mock serve\`) holds with the default options: seed 1, \`now\` ${code(now)}. ` +
      "Every fact below is the mock's own answer, read when this page " +
      'was generated, so the page cannot drift from the package: `pnpm test` fails when it is stale. Another seed or ' +
      '`now` keeps the keys, organizations, account ids, tag names, custom fields and sizes, and changes the people, ' +
      'their ids and the counts per tag.',
  ];
  return `${[...header, ...sections].join('\n\n')}\n`;
}

async function main() {
  const { createMockApi } = await import(pathToFileURL(resolve(root, 'packages/mock/dist/index.js')).href);
  const page = await renderDatasetPage(createMockApi);
  if (!process.argv.includes('--check')) {
    writeFileSync(DATASET_PAGE, page);
    console.log(`wrote ${DATASET_PAGE}`);
    return;
  }
  let current = '';
  try {
    current = readFileSync(DATASET_PAGE, 'utf8');
  } catch {
    current = '';
  }
  if (current !== page) {
    console.error('docs/dataset.md is stale: run `pnpm dataset` (after `pnpm build`) and commit it.');
    process.exitCode = 1;
  } else console.log('docs/dataset.md is up to date');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
