import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { filesUnder } from './test/support/files.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const src = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const include = ['spec/test/**/*.test.ts', 'test/sandbox/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'examples/test/**/*.test.ts', 'examples/browser/test/**/*.test.ts', 'test/docs/**/*.test.ts', 'test/imports/**/*.test.ts', 'test/typecheck/**/*.test.ts'];

/**
 * Files that swap a module, a global or an environment variable for the rest of their run. They get a module
 * registry and a process of their own; every other file shares its worker's modules with the files before it, so that
 * the mock, the SDK, msw and the spec's validators load once per worker instead of once per file (half the suite's
 * time went to loading them again).
 */
const SWAPS = /\bvi\.(mock|doMock|unmock|doUnmock|resetModules|stubGlobal|stubEnv)\b|process\.env(\.\w+|\[[^\]]+\])\s*=(?!=)|delete process\.env|globalThis\.\w+\s*=(?!=)/;
const ownRegistry = ['spec/test', 'test', 'packages', 'examples/test', 'examples/browser/test']
  .flatMap((directory) => filesUnder(root, directory, (name) => name.endsWith('.test.ts')))
  .filter((file) => SWAPS.test(readFileSync(join(root, file), 'utf8')));

// Tests run against the packages' sources, so `vitest` needs no build first.
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@network-org\/spec\/(openapi|zod|routes|operations|outlines|docs)$/, replacement: src('./packages/spec/src/$1.ts') },
      { find: /^@network-org\/cli-kit$/, replacement: src('./packages/cli-kit/src/index.ts') },
      { find: /^@network-org\/cli-kit\/exit$/, replacement: src('./packages/cli-kit/src/exit.ts') },
      { find: /^@network-org\/sdk\/zod$/, replacement: src('./packages/sdk/src/zod.ts') },
      { find: /^@network-org\/sdk$/, replacement: src('./packages/sdk/src/index.ts') },
      { find: /^@network-org\/sdk-redis$/, replacement: src('./packages/sdk-redis/src/index.ts') },
      { find: /^@network-org\/verify$/, replacement: src('./packages/verify/src/index.ts') },
      { find: /^@network-org\/mock\/node$/, replacement: src('./packages/mock/src/node.ts') },
      { find: /^@network-org\/mock\/browser$/, replacement: src('./packages/mock/src/browser.ts') },
      { find: /^@network-org\/mock\/playwright$/, replacement: src('./packages/mock/src/playwright.ts') },
      { find: /^@network-org\/mock\/vitest$/, replacement: src('./packages/mock/src/vitest.ts') },
      { find: /^@network-org\/mock$/, replacement: src('./packages/mock/src/index.ts') },
      { find: /^@network-org\/mcp$/, replacement: src('./packages/mcp/src/index.ts') },
    ],
  },
  test: {
    // The type tests (`*.test-d.ts`) are type-checked by `pnpm typecheck` with their package's tests (the SDK's
    // test/tsconfig.json, the mock's tsconfig.json): a failed expectTypeOf is a type error there. vitest does not
    // run tsc over them a second time.
    // Every response of every reference mock a test creates is checked against spec/openapi.yaml.
    setupFiles: ['test/support/contract-setup.ts'],
    // Most test files wait on child processes, servers and timers rather than compute: vitest's default (one worker
    // less than the cores) runs them one at a time on a 2-core CI machine, which doubled CI's time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'shared', include, exclude: ownRegistry, isolate: false } },
      { extends: true, test: { name: 'own', include: ownRegistry, isolate: true } },
    ],
  },
});
