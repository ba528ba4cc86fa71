import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { journal, run, servedEnv, useBundledCli, useMockServer } from './support/cli';
import { runInProcess } from './support/in-process';

const cli = useBundledCli();
const server = useMockServer();
const served = () => ({ env: servedEnv(server()) });

beforeEach(async () => {
  await fetch(`${server().url}/__mock/requests`, { method: 'DELETE' });
});

describe('bad input exits 2 naming the flag, and sends nothing', () => {
  it.each([
    ['an unknown flag', ['contacts', 'list', '--tagg', 'x'], "unknown option '--tagg'"],
    ['a bad enum value', ['contacts', 'list', '--relationship-status', 'friends'], "'--relationship-status <string>' argument 'friends' is invalid"],
    ['a bad value in a repeated enum flag', ['activity', 'list', '--event-type', 'message_sent,liked'], '--event-type must be one of message_sent'],
    ['a missing required flag', ['contacts', 'import', '--network-url', 'https://www.network.com/in/x'], 'missing required --account-id'],
    ['a missing required query flag', ['conversations', 'messages', '40030'], 'missing required --account-id'],
    ['a missing argument', ['contacts', 'find-email', '--account-id', '101'], "missing required argument 'CONTACT_ID'"],
    ['malformed --data', ['contacts', 'update', '1000001', '--data', '{"account_id": 101'], '--data is not valid JSON'],
    ['--data that is not an object', ['drafts', 'create', '--data', '[1]'], '--data must be a JSON object'],
    ['a --data file that does not exist', ['drafts', 'create', '--data', '@/nonexistent/body.json'], '--data @/nonexistent/body.json: cannot read the file (ENOENT)'],
    ['a limit out of its range', ['activity', 'list', '--limit', '500'], '--limit must be an integer from 1 to 200, got "500"'],
    ['a limit that is no integer', ['contacts', 'list', '--limit', '2.5'], '--limit must be an integer of at least 1, got "2.5"'],
    ['an id that is not one', ['contacts', 'update', 'abc', '--add-tag', 'x'], 'CONTACT_ID:'],
    ['an account id that is not one', ['contacts', 'list', '--account-id', 'acme'], '--account-id'],
    ['a value the schema refuses in --data', ['views', 'create', '--data', '{"account_id":"101","type":"contact","name":"x","filters":{"specific_contacts":{"contact_ids":[]}}}'], '--filters (filters.specific_contacts.contact_ids)'],
    ['--set-tag with --add-tag', ['contacts', 'update', '1000001', '--set-tag', 'a', '--add-tag', 'b'], '--set-tag replaces every tag and cannot be combined with --add-tag or --remove-tag'],
    ['--notes that are not JSON', ['contacts', 'update', '1000001', '--notes', 'met at the fair'], '--notes must be JSON text'],
    ['a --field without =', ['contacts', 'update', '1000001', '--field', 'Deal stage'], '--field must be NAME=VALUE'],
    ['an unregistered custom field', ['contacts', 'update', '1000001', '--field', 'Colour=red'], '"Colour" is not a registered custom field (registered: Deal stage, Lead score, Is customer)'],
    ['a custom field of the wrong type', ['contacts', 'update', '1000001', '--field', 'Is customer=maybe'], '"Is customer" is a boolean field (true or false), got "maybe"'],
    ['a bad --output', ['accounts', 'list', '--output', 'xml'], "'--output <format>' argument 'xml' is invalid"],
    ['a bad --query', ['accounts', 'list', '--query', '[?'], '--query "[?" is not a JMESPath expression'],
    ['a bad --max-items', ['contacts', 'list', '--max-items', '0'], '--max-items must be an integer of at least 1'],
    ['a date that does not exist', ['activity', 'summary', '--from', '2026-13-01'], '--from must be a date (2026-01-08) or an RFC 3339 instant (2026-01-08T09:00:00Z), got "2026-13-01"'],
    ['an instant out of range', ['activity', 'list', '--to', '2026-02-30T10:00:00Z'], '--to must be a date'],
    ['a date in api\'s query string', ['api', 'GET', '/v1/activity/summary?from=2026-1-8'], '--from must be a date'],
    ['an update with no edits', ['contacts', 'update', '1000001', '--account-id', '101'], 'nothing to change: give --add-tag, --remove-tag, --set-tag, --notes, --field NAME=VALUE, or --data'],
    ['an empty company update', ['companies', 'update', '300001'], 'nothing to change'],
    ['a typo of --format', ['accounts', 'list', '--formt', 'json'], "unknown option '--formt' (Did you mean --format?)"],
    ['--format and --output that differ', ['accounts', 'list', '--format', 'yaml', '--output', 'csv'], '--format is --output under another name: give one'],
  ])('%s', async (_, args, message) => {
    const { code, stdout, stderr } = await runInProcess(args, served());
    expect(stderr).toContain(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain(`(see \`network-org ${args.slice(0, args[0] === 'activity' || args[0] === 'contacts' || args[0] === 'conversations' || args[0] === 'views' || args[0] === 'drafts' || args[0] === 'accounts' || args[0] === 'companies' ? 2 : 1).join(' ')} --help\`)`);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    // The custom field registry is read before an edit with --field is checked; nothing else reaches the API.
    expect((await journal(server())).filter((entry) => entry.path !== '/v1/organization')).toEqual([]);
  });
});

describe('input', () => {
  it('reads --data from a file and from standard input, and flags override its fields', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'network-org-'));
    writeFileSync(join(folder, 'draft.json'), JSON.stringify({ account_id: '101', contact_id: '1000001', draft_message: 'from the file' }));
    const fromFile = await runInProcess(['drafts', 'create', '--data', `@${join(folder, 'draft.json')}`, '--draft-message', 'from the flag'], served());
    expect(fromFile.code).toBe(0);
    expect(JSON.parse(fromFile.stdout).draft.draft_message ?? JSON.stringify(JSON.parse(fromFile.stdout))).toContain('from the flag');
    // Standard input is the process's own: the bundled bin reads it.
    const fromStdin = await run(cli(), ['drafts', 'create', '--data', '-'], { ...served(), stdin: JSON.stringify({ account_id: '101', contact_id: '1000002', draft_message: 'from stdin' }) });
    expect(fromStdin.code).toBe(0);
    expect(fromStdin.stdout).toContain('from stdin');
  });

  it('repeats array flags and splits commas', async () => {
    const { code, stdout } = await runInProcess(['contacts', 'list', '--account-id', '101', '--account-id', '102,103', '--limit', '1'], served());
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toHaveLength(1);
    const [request] = await journal(server());
    expect(request).toMatchObject({ path: '/v1/contacts' });
    expect((request as unknown as { query: Record<string, string[]> }).query.account_id).toEqual(['101', '102', '103']);
  });

  it('edits tags, notes and custom fields typed by the registered field, and NAME= clears one', async () => {
    const update = ['contacts', 'update', '1000003', '--account-id', '101'];
    const first = await runInProcess([...update, '--add-tag', 'vip:red', '--add-tag', 'Met at fair', '--notes', '{"text":"hello"}', '--field', 'Lead score=42', '--field', 'Is customer=false', '--field', 'Deal stage=12'], served());
    expect(first.stderr).toBe('');
    const contact = JSON.parse(first.stdout).contact;
    expect(contact.tags).toEqual(expect.arrayContaining([{ name: 'vip', color: 'red' }, { name: 'Met at fair', color: 'green' }]));
    expect(contact).toMatchObject({ notes_json: '{"text":"hello"}', 'Lead score': 42, 'Is customer': false, 'Deal stage': '12' });
    const second = await runInProcess([...update, '--set-tag', 'only', '--notes', 'null', '--field', 'Lead score='], served());
    const cleared = JSON.parse(second.stdout).contact;
    expect(cleared.tags).toEqual([{ name: 'only', color: 'green' }]);
    expect(cleared.notes_json).toBeNull();
    expect(cleared['Lead score'] ?? null).toBeNull();
  });
});

describe('the conventions of gh, the AWS CLI and Stainless-made CLIs', () => {
  it('--base-url beats NETWORK_BASE_URL', async () => {
    const { code, stdout } = await runInProcess(['accounts', 'list', '--base-url', server().url, '--output', 'json'], { env: servedEnv(server(), { NETWORK_BASE_URL: 'http://127.0.0.1:9' }) });
    expect(code).toBe(0);
    expect(JSON.parse(stdout)[0]).toMatchObject({ account_id: '101' });
  });

  it('--debug, like NETWORK_LOG=debug, logs each request on stderr without the key, and stdout stays the answer', async () => {
    for (const [args, env] of [[['--debug'], {}], [[], { NETWORK_LOG: 'debug' }]] as const) {
      const { code, stdout, stderr } = await runInProcess(['accounts', 'list', '--output', 'json', ...args], { env: servedEnv(server(), env) });
      expect(code).toBe(0);
      expect(JSON.parse(stdout)).toEqual(expect.any(Array));
      expect(stderr).toMatch(/^\[network-org\/sdk\] GET \/v1\/accounts 200 \(attempt 1, \d+ ms\)\n$/);
      expect(stderr).not.toContain('sk_test_admin');
    }
  });

  it('with --output json or jsonl, an error is one JSON object on stderr: {status, code, message, hint}', async () => {
    const api = await runInProcess(['contacts', 'list', '--account-id', '103', '--output', 'json'], { env: servedEnv(server(), { NETWORK_API_KEY: 'sk_test_member' }) });
    expect(api.code).toBe(1);
    expect(JSON.parse(api.stderr)).toEqual({ status: 403, code: 'account_shared_access_required', message: expect.any(String), hint: expect.stringContaining('network-org accounts list') });
    const usage = await runInProcess(['contacts', 'list', '--limit', 'x', '--format', 'jsonl'], served());
    expect(usage.code).toBe(2);
    expect(JSON.parse(usage.stderr)).toMatchObject({ status: null, code: 'usage_error', message: '--limit must be an integer of at least 1, got "x"' });
    const parse = await runInProcess(['contacts', 'list', '--tagg', 'x', '--output=json'], served());
    expect(JSON.parse(parse.stderr)).toMatchObject({ code: 'usage_error', message: expect.stringContaining("unknown option '--tagg'") });
  });

  it('--dry-run on a write prints the request (method, path, body) and sends nothing', async () => {
    const update = await runInProcess(['contacts', 'update', '1000001', '--account-id', '101', '--add-tag', 'vip:red', '--field', 'Lead score=70', '--dry-run', '--output', 'json'], served());
    expect(update.code).toBe(0);
    expect(JSON.parse(update.stdout)).toEqual({
      method: 'PATCH',
      path: '/v1/contacts/1000001',
      body: { account_id: '101', tags: { add: [{ name: 'vip', color: 'red' }] }, 'Lead score': 70 },
    });
    expect(update.stderr).toBe('dry run: nothing was sent\n');
    const view = await runInProcess(['views', 'create', '--account-id', '101', '--type', 'contact', '--name', 'x', '--filters', '{"specific_contacts":{"contact_ids":["1000001"]}}', '--dry-run', '--output', 'table'], served());
    expect(view.stdout).toMatch(/^POST \/v1\/views\n\{\n {2}"account_id": "101"/);
    const api = await runInProcess(['api', 'POST', '/v1/drafts', '--data', '{"account_id":"101","contact_id":"1000001","draft_message":"hi"}', '--dry-run', '--output', 'json'], served());
    expect(JSON.parse(api.stdout)).toMatchObject({ method: 'POST', path: '/v1/drafts' });
    expect((await journal(server())).filter((entry) => entry.method !== 'GET')).toEqual([]);
  });

  it('--format is --output under the name Stainless-made CLIs give it', async () => {
    const { code, stdout } = await runInProcess(['accounts', 'list', '--format', 'jsonl'], served());
    expect(code).toBe(0);
    expect(JSON.parse(stdout.trim().split('\n')[0]!)).toMatchObject({ account_id: '101' });
  });
});

describe('errors', () => {
  it('prints an API error as one line with status, code, message and a next step, exit 1', async () => {
    const { code, stderr } = await runInProcess(['contacts', 'list', '--account-id', '103'], { env: servedEnv(server(), { NETWORK_API_KEY: 'sk_test_member' }) });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^network-org: 403 account_shared_access_required: .+ — list the accounts this key may use with `network-org accounts list`\n$/);
  });

  it('exits 3 on a transport failure', async () => {
    const { code, stderr } = await run(cli(), ['accounts', 'list'], { env: servedEnv(server(), { NETWORK_BASE_URL: 'http://127.0.0.1:9' }) });
    expect(code).toBe(3);
    expect(stderr).toMatch(/^network-org: transport failure: .+ — check --base-url, NETWORK_BASE_URL/);
  });

  it('says how to give a key when there is none, exit 2', async () => {
    const { code, stderr } = await run(cli(), ['accounts', 'list']);
    expect(code).toBe(2);
    expect(stderr).toContain('no API key: export NETWORK_API_KEY, or save it in a profile (`printf %s "$KEY" | network-org config set NAME --api-key -`)');
    expect(stderr).not.toContain('--api-key KEY');
  });

  it('never prints the key, whatever the server echoes', async () => {
    const key = 'sk_test_admin';
    await fetch(`${server().url}/__mock/faults`, { method: 'POST', body: JSON.stringify({ path: '/v1/accounts', status: 500, code: 'internal_error', count: 10 }) });
    const results = [
      await runInProcess(['accounts', 'list'], served()),
      await runInProcess(['accounts', 'list'], { env: servedEnv(server(), { NETWORK_API_KEY: `${key}x` }) }),
      await runInProcess(['contacts', 'list', '--limit', '2', '--output', 'yaml'], served()),
    ];
    await fetch(`${server().url}/__mock/faults`, { method: 'DELETE' });
    for (const { stdout, stderr } of results) expect(`${stdout}${stderr}`).not.toContain(key);
    expect(results[0]!.code).toBe(1);
  });
});
