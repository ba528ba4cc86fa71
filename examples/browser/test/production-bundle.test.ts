import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// The dev-only patterns of the mock's README, built for production with Vite as an app would be: the output holds not
// one byte of the mock, msw or faker. The apps import the built packages (examples/node_modules links them), as an
// installed @network-org/mock is imported, so the package.json that declares `sideEffects` is the published one.
const here = fileURLToPath(new URL('.', import.meta.url));
const packages = fileURLToPath(new URL('../../../packages/', import.meta.url));
const examples = fileURLToPath(new URL('../../', import.meta.url));

/** Strings each package's browser code holds and no app of ours does, with where they come from. */
const MARKERS = {
  mock: { strings: ['sk_test_admin', 'X-Mock-Session', 'Deal stage'], files: join(packages, 'mock/dist') },
  msw: { strings: ['[MSW]', 'MOCKING_ENABLED', 'INTEGRITY_CHECK'], files: join(examples, 'node_modules/msw/lib/browser') },
  faker: { strings: ['faker', 'Aaliyah'], files: join(packages, 'mock/node_modules/@faker-js/faker/dist') },
};

const textOf = (directory: string, extensions: RegExp): string =>
  readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((name) => extensions.test(name))
    .map((name) => readFileSync(join(directory, name), 'utf8'))
    .join('\n');

const out = mkdtempSync(join(tmpdir(), 'network-org-production-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

async function productionBuild(app: 'static' | 'dynamic'): Promise<string> {
  if (!existsSync(join(packages, 'mock/dist/browser.js')) || !existsSync(join(packages, 'sdk/dist/index.js'))) {
    throw new Error('This test bundles the built packages: run `pnpm build` first (`pnpm test` does).');
  }
  const outDir = join(out, app);
  // `vite build` as a user runs it: in a process of its own, without the NODE_ENV=test vitest sets (under which Vite
  // builds with import.meta.env.DEV true).
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')));
  const vite = join(examples, 'node_modules/vite/bin/vite.js');
  await promisify(execFile)(process.execPath, [vite, 'build', join(here, 'production', app), '--outDir', outDir, '--logLevel', 'error'], { env });
  return textOf(outDir, /\.(js|html|css)$/);
}

describe('a production build of an app that starts the mock only in development', { timeout: 120_000 }, () => {
  it('the markers are in the packages the mock would bring (so their absence below means something)', () => {
    for (const { strings, files } of Object.values(MARKERS)) {
      const text = textOf(files, /\.m?js$/);
      for (const marker of strings) expect(text, marker).toContain(marker);
    }
  });

  for (const app of ['static', 'dynamic'] as const) {
    it(`with a ${app} import under import.meta.env.DEV holds no byte of the mock, msw or faker, and the SDK`, async () => {
      const bundle = await productionBuild(app);
      const found = Object.entries(MARKERS).flatMap(([origin, { strings }]) => strings.filter((marker) => bundle.includes(marker)).map((marker) => `${origin}: ${marker}`));
      expect(found).toEqual([]);
      // The app itself is there: the SDK's client and the app's base URL.
      expect(bundle).toContain('api.example.invalid');
      expect(bundle).toContain('NETWORK_API_KEY');
      expect(bundle.length).toBeLessThan(60_000);
    });
  }
});
