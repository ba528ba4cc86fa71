import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'tsup';
import { afterAll, beforeAll } from 'vitest';
import { inspectorBundlePlugin } from '../../src/control/ui/build';

export const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const sdkSchemas = fileURLToPath(new URL('../../../sdk/src/zod.ts', import.meta.url));

/**
 * The CLI runs as a separate Node process, so the file's tests bundle it from source first (inside the package,
 * where its dependencies resolve; the package's dist belongs to the build). The SDK's schemas come from source
 * too, so no prior build is needed. Returns the path of the bundled `cli.js`, valid inside the tests.
 */
export function useBundledCli(): () => string {
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
      noExternal: ['@network-org/sdk'],
      esbuildPlugins: [inspectorBundlePlugin(join(packageDir, 'src/control/ui'))],
      esbuildOptions(options) {
        options.alias = { '@network-org/sdk/zod': sdkSchemas };
      },
    });
  }, 60_000);
  afterAll(() => {
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });
  return () => join(outDir as string, 'cli.js');
}
