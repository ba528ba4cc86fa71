import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

// Inside this repository the page uses the packages' sources, so it runs without building the workspace first;
// an installed @network-org/sdk and @network-org/mock export the same entry points.
export default defineConfig({
  root: path('.'),
  resolve: {
    alias: [
      { find: /^@network-org\/sdk\/zod$/, replacement: path('../../packages/sdk/src/zod.ts') },
      { find: /^@network-org\/sdk$/, replacement: path('../../packages/sdk/src/index.ts') },
      { find: /^@network-org\/mock\/browser$/, replacement: path('../../packages/mock/src/browser.ts') },
    ],
  },
  // In development the seeded dataset (faker) makes one large chunk; a production build holds none of it.
  build: { outDir: path('dist'), emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 2000 },
});
