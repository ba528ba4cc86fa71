import { operationRoutes } from '@network-org/spec/routes';
import { describe, expect, it } from 'vitest';
import { commandSpecs } from '../src/commands/specs';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliEnv, inPairs, journal, run, servedEnv, useBundledCli, useMockServer } from './support/cli';
import { runInProcess } from './support/in-process';

const cli = useBundledCli();
const server = useMockServer();

// The commands of the product contract (section 8): a new operation in the spec fails here until it has its command.
const CONTRACT_COMMANDS = {
  listOrganizations: 'organization',
  listAccounts: 'accounts list',
  listActivity: 'activity list',
  getActivitySummary: 'activity summary',
  enrich: 'enrich',
  listContacts: 'contacts list',
  importContact: 'contacts import',
  updateContact: 'contacts update CONTACT_ID',
  findContactEmail: 'contacts find-email CONTACT_ID',
  listCompanies: 'companies list',
  updateCompany: 'companies update COMPANY_ID',
  listConversations: 'conversations list',
  listConversationMessages: 'conversations messages CONVERSATION_ID',
  createDraft: 'drafts create',
  listViews: 'views list',
  createView: 'views create',
};

describe('one command per operation', () => {
  it('names every operation of the route table as the contract does, each command once', () => {
    const commands = Object.fromEntries(commandSpecs.map((spec) => [spec.operationId, [...spec.words, ...spec.arguments.map((a) => a.label)].join(' ')]));
    expect(commands).toEqual(CONTRACT_COMMANDS);
    expect(Object.keys(commands).sort()).toEqual(Object.keys(operationRoutes).sort());
  });

  it.each(commandSpecs.map((spec) => [spec.words.join(' '), spec] as const))('%s --help shows its description, every flag with its type, choices, default and required mark, and an example', async (_, spec) => {
    const { code, stdout } = await runInProcess([...spec.words, '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain(spec.summary);
    expect(stdout).toContain(`${spec.method} ${spec.path}`);
    const flat = stdout.replace(/\s+/g, ' ');
    for (const flag of spec.flags) {
      expect(flat).toMatch(new RegExp(`--${flag.flag} <\\w+>`));
      if (flag.input.required) expect(flat).toMatch(new RegExp(`--${flag.flag} <\\w+> [^-]*\\(required`));
      if (flag.input.default !== undefined) expect(flat).toContain(`default: ${String(flag.input.default)}`);
      for (const choice of flag.choices ?? []) expect(flat).toContain(`"${choice}"`);
    }
    for (const argument of spec.arguments) expect(stdout).toContain(argument.label);
    expect(stdout).toContain(`Example (offline; drop --mock to use NETWORK_BASE_URL):\n  ${spec.example}`);
    expect(spec.example).toMatch(/ --mock$/);
  });
});

// Each command's example as its help shows it (offline, with --mock), then without --mock against `network-mock
// serve`: every command reaches the API through its operation's route, and the example in its help runs.
// The example's words as a shell splits them (quotes hold spaces and are dropped).
const shellWords = (line: string) => (line.match(/'[^']*'|"[^"]*"|\S+/g) ?? []).map((word) => word.replace(/^'(.*)'$|^"(.*)"$/, '$1$2'));
const examples = commandSpecs.map((spec) => [spec.words.join(' '), shellWords(spec.example).slice(1)] as const);

describe('every command answers, with --mock and against network-mock serve', () => {
  it('runs each example offline as shown and prints JSON', async () => {
    const results = await inPairs(examples, async ([name, args]) => ({ name, ...(await runInProcess(args)) }));
    for (const { name, code, stdout, stderr } of results) {
      // A list's example shows one page of several: stderr says more exist, and nothing else.
      expect({ name, code, stderr: stderr.replace(/^network-org: more \w+ exist .*\n$/, '') }).toEqual({ name, code: 0, stderr: '' });
      expect(() => JSON.parse(stdout)).not.toThrow();
    }
  }, 180_000);

  it('runs each example against the served mock, one request each, through the route of its operation', async () => {
    await fetch(`${server().url}/__mock/requests`, { method: 'DELETE' });
    const live = examples.map(([name, args]) => [name, args.filter((arg) => arg !== '--mock')] as const);
    const results = await inPairs(live, async ([name, args]) => ({ name, ...(await runInProcess(args, { env: servedEnv(server()) })) }));
    for (const { name, code, stderr } of results) expect({ name, code, stderr: stderr.replace(/^network-org: more \w+ exist .*\n$/, '') }).toEqual({ name, code: 0, stderr: '' });
    const seen = await journal(server());
    expect(seen.every((entry) => entry.status === 200 || entry.status === 201)).toBe(true);
    // Each request by the route it took: its method and the path template its path fits.
    const templateOf = ({ method, path }: { method: string; path: string }) =>
      commandSpecs
        .filter((spec) => spec.method === method && new RegExp(`^${spec.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(path.split('?')[0]!))
        .map((spec) => `${spec.method} ${spec.path}`)
        .join(' or ');
    expect(seen.map(templateOf).sort()).toEqual(commandSpecs.map((spec) => `${spec.method} ${spec.path}`).sort());
  }, 120_000);
});

describe('network-org api METHOD PATH', () => {
  it('sends the operation the route names, with the query string as its parameters, and prints what its command prints', async () => {
    const viaApi = await runInProcess(['api', 'GET', '/v1/contacts?tag=Customer&limit=3&account_id=101,102'], { env: servedEnv(server()) });
    const viaCommand = await runInProcess(['contacts', 'list', '--tag', 'Customer', '--limit', '3', '--account-id', '101', '--account-id', '102'], { env: servedEnv(server()) });
    expect(viaApi.code).toBe(0);
    expect(JSON.parse(viaApi.stdout)).toEqual(JSON.parse(viaCommand.stdout));
    expect(JSON.parse(viaApi.stdout)).toHaveLength(3);
  });

  it('sends a body from --data', async () => {
    // The bundled bin itself, as a user starts it: a write answered offline by --mock.
    const { code, stdout } = await run(cli(), ['api', 'PATCH', '/v1/contacts/1000002', '--data', '{"account_id":"101","tags":{"add":[{"name":"from-api","color":"red"}]}}', '--mock']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).contact.tags).toContainEqual({ name: 'from-api', color: 'red' });
  });

  it('refuses an unknown route naming the closest ones, and a known path with another method, sending nothing', async () => {
    await fetch(`${server().url}/__mock/requests`, { method: 'DELETE' });
    const unknown = await runInProcess(['api', 'GET', '/v1/contact'], { env: servedEnv(server()) });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('GET /v1/contacts (`network-org contacts list`)');
    const method = await runInProcess(['api', 'DELETE', '/v1/contacts/12'], { env: servedEnv(server()) });
    expect(method.code).toBe(2);
    expect(method.stderr).toContain('/v1/contacts/12 takes PATCH, not DELETE');
    expect(await journal(server())).toEqual([]);
  });
});

describe('from a clone', () => {
  it('`pnpm network-org ...` runs the built CLI (a root script), as `pnpm mock` runs the mock', () => {
    const root = fileURLToPath(new URL('../../..', import.meta.url));
    if (!existsSync(join(root, 'packages/cli/dist/cli.js'))) throw new Error('packages/cli/dist is missing: run `pnpm build` first');
    const result = spawnSync('pnpm', ['--silent', 'network-org', 'accounts', 'list', '--mock', '--output', 'json', '--query', '[0].account_id'], { cwd: root, encoding: 'utf8', env: cliEnv() });
    expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
    expect(JSON.parse(result.stdout)).toBe('101');
  }, 60_000);
});
