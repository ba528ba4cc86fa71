import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { useBundledCli as bundleCli } from '../../../../test/support/bundled-cli';
import { inspectorBundlePlugin } from '../../src/control/ui/build';

export const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const sdkSchemas = fileURLToPath(new URL('../../../sdk/src/zod.ts', import.meta.url));

/** `network-mock` bundled from source, with the SDK's schemas from source too: no prior build is needed. */
export function useBundledCli(): () => string {
  return bundleCli(packageDir, {
    noExternal: ['@network-org/sdk'],
    esbuildPlugins: [inspectorBundlePlugin(join(packageDir, 'src/control/ui'))],
    esbuildOptions(options) {
      options.alias = { '@network-org/sdk/zod': sdkSchemas };
    },
  });
}
