// A small suite run by coverage-run.test.ts under the fixture's global setup: two files, each in its own worker.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = (path: string) => fileURLToPath(new URL(`../../../../${path}`, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@network-org\/spec\/(openapi|zod|routes|operations|docs)$/, replacement: src('spec/src/$1.ts') },
      { find: /^@network-org\/cli-kit$/, replacement: src('cli-kit/src/index.ts') },
      { find: /^@network-org\/sdk\/zod$/, replacement: src('sdk/src/zod.ts') },
      { find: /^@network-org\/sdk$/, replacement: src('sdk/src/index.ts') },
      { find: /^@network-org\/mock\/vitest\/coverage$/, replacement: src('mock/src/vitest-coverage.ts') },
      { find: /^@network-org\/mock\/vitest$/, replacement: src('mock/src/vitest.ts') },
    ],
  },
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['*.suite.ts'],
    // What a project names `@network-org/mock/vitest/coverage`, here from the sources.
    globalSetup: [src('mock/src/vitest-coverage.ts')],
    pool: 'forks',
    maxWorkers: 2,
    isolate: true,
  },
});
