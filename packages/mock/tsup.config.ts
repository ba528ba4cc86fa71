import { defineConfig } from 'tsup';

const entry = { index: 'src/index.ts', node: 'src/node.ts', browser: 'src/browser.ts' };
// @network-org/spec (private, generated) is bundled (code; its declarations too, as a devDependency) so nothing published names it.
const spec = '@network-org/spec';

export default defineConfig([
  {
    entry,
    format: ['esm'],
    noExternal: [spec],
    dts: true,
    sourcemap: true,
    // The builds write to dist at once, so none cleans it: the build script empties it first.
    clean: false,
    target: 'node18',
  },
  {
    entry,
    format: ['cjs'],
    dts: true,
    sourcemap: true,
    clean: false,
    target: 'node18',
    // faker ships ESM only; jest's module loader cannot require() it, so the CommonJS build carries it.
    noExternal: [spec, '@faker-js/faker'],
  },
  {
    // The CLI runs as ESM only; its shebang line is kept and the file made executable.
    entry: { cli: 'src/cli.ts' },
    format: ['esm'],
    sourcemap: true,
    clean: false,
    target: 'node20',
    platform: 'node',
    noExternal: [spec],
  },
]);
