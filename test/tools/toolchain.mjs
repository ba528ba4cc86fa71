// Runtimes from the npm registry, installed once per run into one folder: Node majors (the `node` package ships
// the binary), Bun, Deno and workerd. npm 11 runs no install script unless allowed, so each binary is looked up
// where the package itself ships it, then where its platform package does; the binary must answer `--version`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanEnv, run } from './process.mjs';
import { makeOnce, sharedRuntimesFolder } from './shared.mjs';

/** What each runtime is installed as (npm alias -> package spec). */
export const RUNTIME_PACKAGES = {
  node18: 'npm:node@18',
  node20: 'npm:node@20',
  node22: 'npm:node@22',
  node24: 'npm:node@24',
  bun: 'bun@1.4.5',
  deno: 'deno@2.9.6',
  workerd: 'workerd@1.20261117.1',
};

/** Where a runtime's binary may be, relative to node_modules: the package's own bin first, then its platform package. */
const CANDIDATES = {
  bun: ['bun/bin/bun.exe', 'bun/bin/bun', '@oven/bun-linux-x64*/bin/bun'],
  deno: ['deno/deno', 'deno/bin/deno', '@deno/linux-x64*/deno'],
  workerd: ['workerd/bin/workerd', '@cloudflare/workerd-linux-64/bin/workerd'],
};

/** Expands one `*` in the scope folder's package name (platform packages come as -baseline, -glibc, ...). */
function expand(modules, pattern) {
  const [scope, name, ...rest] = pattern.split('/');
  if (!name?.includes('*')) return [join(modules, pattern)];
  const prefix = name.slice(0, name.indexOf('*'));
  const scopeDir = join(modules, scope);
  if (!existsSync(scopeDir)) return [];
  return readdirSync(scopeDir)
    .filter((entry) => entry.startsWith(prefix))
    .map((entry) => join(scopeDir, entry, ...rest));
}

/** `npm install`s `specs` ({alias: spec} or package specs) into `dir` (created, with its own package.json). */
export async function npmInstall(dir, specs, { extraArgs = [] } = {}) {
  mkdirSync(dir, { recursive: true });
  if (!existsSync(join(dir, 'package.json'))) {
    writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'network-org-check', private: true, version: '0.0.0' }, null, 2)}\n`);
  }
  const args = Array.isArray(specs) ? specs : Object.entries(specs).map(([alias, spec]) => (spec.startsWith('npm:') ? `${alias}@${spec}` : spec));
  // --prefer-offline: what npm's cache holds is taken without asking the registry again (a fresh machine asks).
  return run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...extraArgs, ...args], {
    cwd: dir,
    env: { ...cleanEnv, NPM_CONFIG_UPDATE_NOTIFIER: 'false' },
  });
}

/** The runnable binary of runtime `alias` installed in `dir`: `{ path, version }`; throws saying where it looked. */
export function runtimeBinary(dir, alias) {
  const modules = join(dir, 'node_modules');
  const candidates = alias.startsWith('node') ? [join(modules, alias, 'bin', 'node')] : CANDIDATES[alias].flatMap((pattern) => expand(modules, pattern));
  const tried = [];
  for (const path of candidates) {
    if (!existsSync(path)) {
      tried.push(`${path} (absent)`);
      continue;
    }
    try {
      const text = execFileSync(path, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 30_000 }).trim();
      // `v22.23.3`, `1.4.5`, `deno 2.9.6 (stable, ...)`, `workerd 2026-11-17`: the version alone.
      return { path, version: /\d[\w.-]*/.exec(text)?.[0] ?? text };
    } catch (error) {
      tried.push(`${path} (does not run: ${error instanceof Error ? error.message.split('\n')[0] : String(error)})`);
    }
  }
  throw new Error(
    `${RUNTIME_PACKAGES[alias] ?? alias}: no runnable binary in ${modules}; looked at:\n  ${tried.join('\n  ')}\n` +
      'If the package is installed, it may fetch its binary in an install script, which npm 11 does not run unless allowed.',
  );
}

/**
 * The folder that holds the named runtimes: `dir`, after one npm install of them; or, when the lanes of a
 * `scripts/test.mjs --ci` run share their runtimes (NETWORK_ORG_SHARE_RUNTIMES, in the folder NETWORK_ORG_PACKED
 * names), its `runtimes` folder, into which the first lane to ask installs every runtime of RUNTIME_PACKAGES (what
 * test:pack and test:runtimes need between them) while the others wait.
 */
export async function runtimesFolder(dir, aliases, step = () => {}) {
  const shared = sharedRuntimesFolder();
  if (!shared) {
    await npmInstall(dir, Object.fromEntries(aliases.map((alias) => [alias, RUNTIME_PACKAGES[alias]])));
    return dir;
  }
  return makeOnce(
    shared,
    'runtimes',
    async (folder) => {
      const runtimes = join(folder, 'runtimes');
      const started = Date.now();
      await npmInstall(runtimes, RUNTIME_PACKAGES);
      step(`npm installed ${Object.values(RUNTIME_PACKAGES).join(', ')} into ${runtimes} in ${((Date.now() - started) / 1000).toFixed(1)} s, for every lane`);
      return runtimes;
    },
    step,
  );
}

/** Installs the named runtimes (see runtimesFolder); resolves with `{alias: {path, version}}`. */
export async function installRuntimes(dir, aliases, step) {
  const folder = await runtimesFolder(dir, aliases, step);
  return Object.fromEntries(aliases.map((alias) => [alias, runtimeBinary(folder, alias)]));
}
