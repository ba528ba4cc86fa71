import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Options } from 'tsup';
import { inspectorBundlePlugin } from './src/control/ui/build';
import { fakerLocalePlugin } from './src/store/faker-locale-build';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
// `GET /__mock/health` and `network-mock --version` name the package version.
const define = { __VERSION__: JSON.stringify(version) };

type Plugin = NonNullable<Options['esbuildPlugins']>[number];

const entry = { index: 'src/index.ts', node: 'src/node.ts', browser: 'src/browser.ts', playwright: 'src/playwright.ts' };
// @network-org/spec (private, generated) is bundled (code; its declarations too, as a devDependency) so nothing published names it.
const spec = '@network-org/spec';
// @network-org/cli-kit (private): the conventions the CLIs share, bundled the same way.
const cliKit = '@network-org/cli-kit';
// The mock never loads the SDK (a devDependency, for tests): bundling it would hide a run-time dependency. Two
// exceptions: `@network-org/mock/vitest`, whose fixture hands each test an SDK client, and `network-mock snapshot`,
// which reads through the SDK when that command runs: there the SDK is an optional peer dependency, left external.
const vitestEntry = resolve('src/vitest.ts');
const snapshotCommand = resolve('src/snapshot/cli.ts');
const withoutSdk: Plugin = {
  name: 'without-sdk',
  setup(build) {
    build.onResolve({ filter: /^@network-org\/sdk(\/|$)/ }, (args) =>
      args.importer === vitestEntry || args.importer === snapshotCommand
        ? { path: args.path, external: true }
        : { errors: [{ text: `${args.importer} imports ${args.path}: take wire types and schemas from @network-org/spec instead` }] },
    );
  },
};

// The inspector page (src/control/ui) is bundled once and inlined: the package carries it. So are the faker
// definitions the seeded dataset draws from (src/store/faker-locale.ts).
const plugins = [withoutSdk, inspectorBundlePlugin(resolve('src/control/ui')), fakerLocalePlugin(resolve('src/store/faker-locale.ts'))];

export default defineConfig([
  {
    // `./vitest` is ESM only, as vitest is; it shares the other entries' chunks.
    entry: { ...entry, vitest: 'src/vitest.ts', 'vitest-coverage': 'src/vitest-coverage.ts' },
    format: ['esm'],
    noExternal: [spec, cliKit],
    esbuildPlugins: plugins,
    define,
    dts: true,
    sourcemap: true,
    // The builds write to dist at once, so none cleans it: the build script empties it first.
    clean: false,
    target: 'node18',
  },
  {
    entry,
    format: ['cjs'],
    // Its declarations are the ESM build's with `.cjs` specifiers: scripts/cjs-declarations.mjs writes them after
    // tsup, instead of a second declaration build of the same sources.
    dts: false,
    sourcemap: true,
    clean: false,
    target: 'node18',
    // faker ships ESM only; jest's module loader cannot require() it, so the CommonJS build carries it.
    noExternal: [spec, cliKit, '@faker-js/faker'],
    esbuildPlugins: plugins,
    define,
  },
  {
    // The CLI runs as ESM only; its shebang line is kept and the file made executable. Its chunks are named for it
    // (dist/cli-*.js), so that package.json's `sideEffects` can say the program's files all run for their effects:
    // a bundler of the CLI (the image, the executables) then keeps every import between them.
    entry: { cli: 'src/cli.ts' },
    esbuildOptions(options) {
      options.chunkNames = 'cli-[name]-[hash]';
    },
    format: ['esm'],
    define,
    sourcemap: true,
    clean: false,
    target: 'node20',
    platform: 'node',
    noExternal: [spec, cliKit],
    esbuildPlugins: plugins,
  },
]);
