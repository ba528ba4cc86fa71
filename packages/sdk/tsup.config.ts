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
  esbuildPlugins: [
    {
      // The main entry loads the schemas lazily (validateResponses); point that import at the package's own
      // `/zod` entry so zod is never bundled into the main entry.
      name: 'zod-entry-external',
      setup(build) {
        build.onResolve({ filter: /^\.\.\/zod$/ }, (args) =>
          args.importer.endsWith('validation.ts') ? { path: '@network-org/sdk/zod', external: true } : undefined,
        );
      },
    },
  ],
});
