import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: { index: 'src/index.ts', node: 'src/node.ts', browser: 'src/browser.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    // Both builds write to dist at once, so neither cleans it: the build script empties it first.
    clean: false,
    target: 'node18',
  },
  {
    // The CLI runs as ESM only; its shebang line is kept and the file made executable.
    entry: { cli: 'src/cli.ts' },
    format: ['esm'],
    sourcemap: true,
    clean: false,
    target: 'node20',
    platform: 'node',
  },
]);
