import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Options } from 'tsup';
import { beforeAll } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const packagesDir = join(root, 'packages');
/** Bundles older than this are removed when a new one is written (sources change, the old keys never come back). */
const STALE_MS = 24 * 3600_000;

/** Every file a bundle can be made of: the packages' sources and manifests, and the lockfile for what is inlined. */
function sourcesDigest(): string {
  const hash = createHash('sha256');
  const add = (path: string) => hash.update(path).update('\0').update(readFileSync(path)).update('\0');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else add(path);
    }
  };
  for (const name of readdirSync(packagesDir).sort()) {
    const src = join(packagesDir, name, 'src');
    if (existsSync(src)) walk(src);
    if (existsSync(join(packagesDir, name, 'package.json'))) add(join(packagesDir, name, 'package.json'));
  }
  add(join(root, 'pnpm-lock.yaml'));
  return hash.digest('hex');
}

/** The options as text, functions and patterns included, so that a changed option is another bundle. */
const optionsText = (options: Options) =>
  JSON.stringify(options, (_key, value: unknown) => (typeof value === 'function' || value instanceof RegExp ? String(value) : value));

/**
 * A package's CLI runs as a separate Node process in its tests, so the file's tests bundle `src/cli.ts` from source
 * first, inside the package (where its dependencies resolve; the package's dist belongs to the build). `options`
 * says what is bundled in and where sibling packages' sources are. Returns the path of the bundled `cli.js`, valid
 * inside the tests.
 *
 * Some thirty test files bundle one of four CLIs, so a bundle is kept in the package's
 * `node_modules/.cli-test-cache/`, under a digest of every source it can be made of and of the options: the first
 * file of a run bundles, the others reuse it, and any edited source makes a fresh one.
 */
export function useBundledCli(packageDir: string, options: Options = {}, timeoutMs = 60_000): () => string {
  let outDir: string | undefined;
  beforeAll(async () => {
    const key = createHash('sha256').update(packageDir).update(optionsText(options)).update(sourcesDigest()).digest('hex').slice(0, 24);
    const cache = join(packageDir, 'node_modules', '.cli-test-cache');
    const cached = join(cache, key);
    if (!existsSync(join(cached, 'cli.js'))) {
      mkdirSync(cache, { recursive: true });
      const staging = mkdtempSync(join(cache, '.staging-'));
      await build({
        entry: { cli: join(packageDir, 'src/cli.ts') },
        outDir: staging,
        format: ['esm'],
        platform: 'node',
        target: 'node20',
        silent: true,
        config: false,
        ...options,
      });
      try {
        renameSync(staging, cached);
      } catch {
        // Another test file bundled the same sources at the same time; its bundle is as good.
        rmSync(staging, { recursive: true, force: true });
      }
      for (const entry of readdirSync(cache)) {
        const path = join(cache, entry);
        if (entry !== key && Date.now() - statSync(path).mtimeMs > STALE_MS) rmSync(path, { recursive: true, force: true });
      }
    }
    outDir = cached;
  }, timeoutMs);
  return () => join(outDir as string, 'cli.js');
}
