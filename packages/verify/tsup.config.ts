import { defineConfig } from 'tsup';

// @network-org/spec (private, generated) is bundled (code; its declarations too, as a devDependency) so nothing
// published names it. The SDK stays a dependency: verify runs on the published client.
// The builds write to dist at once, so none cleans it: the build script empties it first.
const noExternal = ['@network-org/spec', '@network-org/cli-kit'];

export default defineConfig([
  {
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    noExternal,
    dts: true,
    clean: false,
    sourcemap: false,
    target: 'node20',
    platform: 'node',
  },
  {
    // The CLI runs as ESM only; its shebang line is kept and the file made executable.
    entry: { cli: 'src/cli.ts' },
    format: ['esm'],
    noExternal,
    clean: false,
    sourcemap: false,
    target: 'node20',
    platform: 'node',
  },
]);
