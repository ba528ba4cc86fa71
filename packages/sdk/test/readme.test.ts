// Every TypeScript block of the SDK's README, run on its own as a newcomer pastes it (no block continues another):
// blocks that build their client from the environment run against a fresh mock server that NETWORK_BASE_URL and
// NETWORK_API_KEY name, as "Running the examples below" tells. `pnpm test:pack` also type-checks each block alone
// against the packed packages and runs the test files among them in vitest.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startMockServer } from '@network-org/mock/node';
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
