import { defineConfig } from 'vitest/config';

// Only for the bench's own smoke test (`pnpm --filter @network-org/bench smoke`); not part of `pnpm test`.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 240_000,
  },
});
