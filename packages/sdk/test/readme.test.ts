// Every TypeScript block of the SDK's README, run on its own as a newcomer pastes it (no block continues another):
// blocks that build their client from the environment run against a fresh mock server that NETWORK_BASE_URL and
// NETWORK_API_KEY name, as "Running the examples below" tells. `pnpm test:pack` also type-checks each block alone
// against the packed packages and runs the test files among them in vitest.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startMockServer } from '@network-org/mock/node';
import type { OperationId } from '@network-org/sdk';
import { operationRoutes } from '@network-org/spec/routes';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { readmePrograms } from '../../../test/pack/readme-snippets.mjs';

const README = fileURLToPath(new URL('../README.md', import.meta.url));
const SCRATCH = fileURLToPath(new URL('./.readme-scratch/', import.meta.url));

const programs = readmePrograms('sdk', readFileSync(README, 'utf8'));
const scripts = programs.filter(({ kind }) => kind === 'script');

describe('packages/sdk/README.md, each section on its own', () => {
  mkdirSync(SCRATCH, { recursive: true });
  afterAll(() => rmSync(SCRATCH, { recursive: true, force: true }));

  it('has a block per section', () => {
    expect(scripts.length).toBeGreaterThanOrEqual(15);
  });

  it('no block leans on a name another block declared', () => {
    // Every block that uses the client builds it (or is the quick start, which builds it from the mock).
    const leaning = scripts.filter(({ source }) => /\bclient\./.test(source) && !/const client = new NetworkClient\(/.test(source));
    expect(leaning.map(({ name }) => name)).toEqual([]);
  });

  it.each(scripts)('$name runs on its own against a fresh mock', async ({ file, source }) => {
    const path = `${SCRATCH}${file.replace(/\.mts$/, '.ts')}`;
    writeFileSync(path, source);
    const server = await startMockServer({ port: 0 });
    vi.stubEnv('NETWORK_BASE_URL', server.url);
    vi.stubEnv('NETWORK_API_KEY', server.mock.keys.admin);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      await expect(import(path)).resolves.toBeDefined();
    } finally {
      log.mockRestore();
      vi.unstubAllEnvs();
      await server.close();
    }
  });
});

describe('packages/sdk/README.md, the retry table', () => {
  // The calls of each row, by operationId; the row's "retried on" must say what the spec's x-retry-safe says.
  const ROWS: Record<string, OperationId[]> = {
    'every list and `activity.summary`': (Object.keys(operationRoutes) as OperationId[]).filter((id) => operationRoutes[id].method === 'GET'),
    '`contacts.update`, `companies.update`': ['updateContact', 'updateCompany'],
    '`contacts.import`': ['importContact'],
    '`drafts.create`': ['createDraft'],
    '`views.create`': ['createView'],
    '`contacts.findEmail`': ['findContactEmail'],
    '`enrich`': ['enrich'],
  };
  const table = readFileSync(README, 'utf8').split('| call | retried on | why |')[1]!.split('\n\n')[0]!;
  const rows = [...table.matchAll(/^\| (.+?) \| (.+?) \| (.+?) \|$/gm)].map(([, call, on, why]) => ({ call: call!, on: on!, why: why! }));

  it('has a row for every operation, each once', () => {
    expect(rows.map(({ call }) => call)).toEqual(Object.keys(ROWS));
    expect(Object.values(ROWS).flat().sort()).toEqual(Object.keys(operationRoutes).sort());
  });

  it.each(Object.entries(ROWS))('%s: retried on timeouts and 5xx exactly when the spec says x-retry-safe', (call, operations) => {
    const row = rows.find((candidate) => candidate.call === call)!;
    const safe = operations.map((id) => operationRoutes[id].retrySafe);
    expect(new Set(safe).size).toBe(1);
    expect(row.on.includes('timeouts') && row.on.includes('5xx')).toBe(safe[0]);
    expect(row.on).toMatch(/^429, connection failures before sending/);
  });
});
