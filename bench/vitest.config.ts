import { defineConfig } from 'vitest/config';

// The bench's own smoke test, on the packages' builds: `pnpm test:bench` (a lane of `pnpm test`), or
// `pnpm --filter @network-org/bench smoke`, which builds them first.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // It runs beside vitest's files and test:pack in `pnpm test`, on two cores: a bound on a hang, not on speed.
    testTimeout: 900_000,
  },
});
