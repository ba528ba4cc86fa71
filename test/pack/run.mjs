#!/usr/bin/env node
// Release readiness, as a user receives the packages (`pnpm test:pack`, after `pnpm build`):
//  1. a temporary copy of the repo runs `changeset version` (never the checkout: its result is not committed);
//  2. `pnpm pack` packs every published package of the copy (workspace: ranges become real versions);
//  3. a fresh project `npm install`s the tarballs from disk and their dependencies from the registry;
//  4. it runs the SDK against the mock from ESM and from CommonJS, starts the `network-mock` CLI,
//     type-checks the imports with TypeScript's node16 and bundler resolution, and type-checks and runs the
//     READMEs' snippets there, as a newcomer pasting them would.
// `--keep` leaves the temporary folder for a look inside.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readmePrograms } from './readme-snippets.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const consumer = fileURLToPath(new URL('./consumer', import.meta.url));
const keep = process.argv.includes('--keep');
const readJson = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'));
const rootPackage = readJson('package.json');
const examplesPackage = readJson('examples/package.json');
const started = Date.now();

function step(text) {
  console.log(`[pack ${((Date.now() - started) / 1000).toFixed(1)}s] ${text}`);
}

function run(command, args, cwd, env = process.env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} (in ${cwd}) exited ${code}:\n${output}`)),
    );
  });
}

/** The published packages: every non-private workspace package under packages/. */
function publishedPackages(repo) {
  return readdirSync(join(repo, 'packages'))
    .map((name) => join(repo, 'packages', name))
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
    .filter(({ manifest }) => !manifest.private);
}

/** Every file a manifest points at (`exports`, `bin`, `main`, `types`). */
function manifestTargets(manifest) {
  const targets = [];
  const walk = (value) => {
    if (typeof value === 'string') targets.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk([manifest.exports, manifest.bin, manifest.main, manifest.module, manifest.types]);
  return targets.filter((target) => !target.endsWith('package.json'));
}

/** The tarballs are packed from the built `dist` (`pnpm build` first; `pnpm test` does): it must be complete. */
function checkBuilt(packages) {
  for (const { dir, manifest } of packages) {
    const missing = manifestTargets(manifest).filter((target) => !existsSync(join(dir, target)));
    if (missing.length > 0) {
      throw new Error(`${manifest.name} is not built (missing ${missing.join(', ')}): run \`pnpm build\` first.`);
    }
  }
}

/** The checkout's files as git sees them (tracked and new, not ignored), plus the built dist folders. */
function copyRepo(target, packages) {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file && existsSync(join(root, file)) && statSync(join(root, file)).isFile());
  for (const file of files) {
    mkdirSync(dirname(join(target, file)), { recursive: true });
    cpSync(join(root, file), join(target, file));
  }
  for (const { dir } of packages) cpSync(join(dir, 'dist'), join(target, dir.slice(root.length), 'dist'), { recursive: true });
}

// npm must not read the pnpm run's npm_* settings meant for pnpm.
const npmEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));

const work = mkdtempSync(join(tmpdir(), 'network-pack-'));
try {
  const packages = publishedPackages(root);
  checkBuilt(packages);

  const repo = join(work, 'repo');
  copyRepo(repo, packages);
  step(`copied the repo to ${repo}`);

  await run(process.execPath, [join(root, 'node_modules/@changesets/cli/bin.js'), 'version'], repo);
  const versioned = publishedPackages(repo);
  step(`changeset version: ${versioned.map(({ manifest }) => `${manifest.name}@${manifest.version}`).join(', ')}`);

  // pnpm resolves `workspace:` ranges from the installed workspace links when it packs.
  await run('pnpm', ['install', '--prod', '--prefer-offline', '--frozen-lockfile', '--ignore-scripts', '--filter', './packages/**'], repo);
  const tarballs = join(work, 'tarballs');
  mkdirSync(tarballs);
  for (const { dir } of versioned) await run('pnpm', ['pack', '--pack-destination', tarballs], dir);
  const packed = readdirSync(tarballs).filter((name) => name.endsWith('.tgz'));
  for (const name of packed) {
    const manifest = execFileSync('tar', ['-xOzf', join(tarballs, name), 'package/package.json'], { encoding: 'utf8' });
    if (manifest.includes('workspace:')) throw new Error(`${name} still has a workspace: range in its package.json`);
  }
  step(`packed ${packed.join(', ')}`);

  const app = join(work, 'app');
  cpSync(consumer, app, { recursive: true });
  writeFileSync(join(app, 'package.json'), `${JSON.stringify({ name: 'pack-smoke', private: true, version: '0.0.0' }, null, 2)}\n`);
  const readmes = [
    ...readmePrograms('sdk', readFileSync(join(root, 'packages/sdk/README.md'), 'utf8'), { continued: true }),
    ...readmePrograms('mock', readFileSync(join(root, 'packages/mock/README.md'), 'utf8'), { continued: false }),
  ];
  mkdirSync(join(app, 'readme'));
  for (const { name, source } of readmes) writeFileSync(join(app, 'readme', `${name}.mts`), source);
  const tools = [
    ...['msw', 'typescript', '@types/node'].map((name) => `${name}@${rootPackage.devDependencies[name]}`),
    `tsx@${examplesPackage.devDependencies.tsx}`,
  ];
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...packed.map((name) => join(tarballs, name)), ...tools], app, npmEnv);
  step(`npm installed the tarballs and ${tools.join(', ')} into a fresh project`);

  const tsc = join(app, 'node_modules/typescript/bin/tsc');
  const checks = [
    ['ESM: SDK against the mock (msw and HTTP)', ['esm.mjs']],
    ['CommonJS: SDK against the mock (msw and HTTP)', ['cjs.cjs']],
    ['CLI: network-mock serve --port 0, then SIGTERM', ['cli.mjs']],
    ['types: moduleResolution node16 (.mts and .cts)', [tsc, '-p', 'types/tsconfig.node16.json']],
    ['types: moduleResolution bundler', [tsc, '-p', 'types/tsconfig.bundler.json']],
    [`README snippets type-check (${readmes.length} programs)`, [tsc, '-p', 'types/tsconfig.readme.json']],
    ...readmes
      .filter(({ runnable }) => runnable)
      .map(({ name }) => [`README snippets run: ${name}`, [join(app, 'node_modules/tsx/dist/cli.mjs'), `readme/${name}.mts`]]),
  ];
  const results = await Promise.allSettled(checks.map(([, args]) => run(process.execPath, args, app)));
  results.forEach((result, i) => step(`${result.status === 'fulfilled' ? 'ok  ' : 'FAIL'} ${checks[i][0]}`));
  const failures = results.filter((result) => result.status === 'rejected');
  if (failures.length > 0) throw new Error(failures.map((failure) => failure.reason.message).join('\n'));
  step('the packed packages install and work');
} catch (error) {
  console.error(`pack smoke test failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  if (keep) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
