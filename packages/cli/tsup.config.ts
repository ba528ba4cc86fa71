import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

// The private packages (@network-org/spec, @network-org/cli-kit) are bundled so nothing published names them.
// Code split at each dynamic import: `--help` loads the command tree only; the SDK, zod, the output libraries,
// the mock and Redis load when a command needs them.
export default defineConfig({
  entry: { cli: 'src/cli.ts' },
  format: ['esm'],
  splitting: true,
  noExternal: ['@network-org/spec', '@network-org/cli-kit'],
  define: { __VERSION__: JSON.stringify(version) },
  sourcemap: false,
  clean: false,
  target: 'node20',
  platform: 'node',
});
