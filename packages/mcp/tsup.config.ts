import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
// @network-org/spec (private, generated) is bundled (code; its declarations too, as a devDependency) so nothing published names it.
const shared = {
  noExternal: ['@network-org/spec', '@network-org/cli-kit'],
  define: { __VERSION__: JSON.stringify(version) },
  sourcemap: true,
  // The builds write to dist at once, so none cleans it: the build script empties it first.
  clean: false,
  target: 'node20',
  platform: 'node',
} as const;

export default defineConfig([
  { ...shared, entry: { index: 'src/index.ts' }, format: ['esm', 'cjs'], dts: true },
  // The CLI runs as ESM only; its shebang line is kept and the file made executable.
  { ...shared, entry: { cli: 'src/cli.ts' }, format: ['esm'] },
]);
