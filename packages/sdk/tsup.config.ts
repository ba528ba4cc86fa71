import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', zod: 'src/zod.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: false,
  target: 'es2022',
  platform: 'neutral',
  splitting: false,
  treeshake: true,
});
