import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Options } from 'tsup';
import { afterAll, beforeAll } from 'vitest';

/**
 * A package's CLI runs as a separate Node process in its tests, so the file's tests bundle `src/cli.ts` from source
 * first, inside the package (where its dependencies resolve; the package's dist belongs to the build). `options`
 * says what is bundled in and where sibling packages' sources are. Returns the path of the bundled `cli.js`, valid
 * inside the tests.
 */
export function useBundledCli(packageDir: string, options: Options = {}, timeoutMs = 60_000): () => string {
  let outDir: string | undefined;
  beforeAll(async () => {
    outDir = mkdtempSync(join(packageDir, 'node_modules', '.cli-test-'));
    await build({
      entry: { cli: join(packageDir, 'src/cli.ts') },
      outDir,
      format: ['esm'],
      platform: 'node',
      target: 'node20',
      silent: true,
      config: false,
      ...options,
    });
  }, timeoutMs);
  afterAll(() => {
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });
  return () => join(outDir as string, 'cli.js');
}
