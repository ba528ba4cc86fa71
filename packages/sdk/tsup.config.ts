import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', zod: 'src/zod.ts' },
  format: ['esm', 'cjs'],
  // @network-org/spec (private, generated) is bundled (code; its declarations too, as a devDependency) so nothing published names it.
  noExternal: ['@network-org/spec'],
  dts: true,
  clean: true,
  sourcemap: false,
  target: 'es2022',
  platform: 'neutral',
  splitting: false,
  treeshake: true,
});
