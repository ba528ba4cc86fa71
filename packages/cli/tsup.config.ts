import { readFileSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

const common: Options = {
  format: ['esm'],
  noExternal: ['@network-org/spec', '@network-org/cli-kit'],
  define: { __VERSION__: JSON.stringify(version) },
  sourcemap: false,
  clean: false,
  target: 'node20',
  platform: 'node',
};

// The private packages (@network-org/spec, @network-org/cli-kit) are bundled so nothing published names them.
// Two builds. `dist/cli.js` is one file that imports nothing until a command runs: `--help` reads that file alone
// (each module an ES module imports is one more file resolved, read, compiled and linked before anything prints).
// `dist/main.js`, which the entry imports when a command runs, is code split at each dynamic import: the command
// tree first; the SDK, zod, the output libraries, the mock and Redis when a command needs them. The help's text and
// the command specs it is made from are therefore in both files.
export default defineConfig([
  { ...common, entry: { main: 'src/main.ts' }, splitting: true },
  {
    ...common,
    entry: { cli: 'src/cli.ts' },
    splitting: false,
    esbuildPlugins: [
      {
        name: 'main-stays-apart',
        setup(build) {
          build.onResolve({ filter: /^\.\/main$/ }, () => ({ path: './main.js', external: true }));
        },
      },
    ],
  },
]);
