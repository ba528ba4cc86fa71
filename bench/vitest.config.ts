import { defineConfig } from 'vitest/config';

// The bench's own smoke test, on the packages' builds: `pnpm test:bench` (a lane of `pnpm test`), or
// `pnpm --filter @network-org/bench smoke`, which builds them first.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 240_000,
  },
});
