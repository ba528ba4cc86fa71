#!/usr/bin/env node
// Release readiness, as a user receives the packages (`pnpm test:pack`, after `pnpm build`):
//  1. the published packages are packed from a temporary copy of the repo after `changeset version`, and each
//     tarball is checked to stand on its own (test/tools/tarballs.mjs);
//  2. fresh projects `npm install` the tarballs from disk and their dependencies from the registry: one with
//     msw 2, one with msw 3; Node 20, 22 and 24 come from the npm packages `node@20`, `node@22`, `node@24`;
//  3. for each pair (Node 20 + msw 2, Node 22 + msw 3, Node 24 + msw 3) it runs the quick start from ESM and
//     from CommonJS (createMockApi + msw's setupServer + the SDK, then startMockServer) and the `network-mock`
//     CLI (listening line, a request, SIGTERM), and `npx network-mcp --mock` driven by the official MCP client over stdio,
//     and `network-verify` against that CLI (every scenario agrees), and `npx network-org` (--help, a --mock command);
//  4. in the msw 2 project it type-checks the imports with TypeScript's node16 and bundler resolution, and
//     type-checks and runs the READMEs' snippets, as a newcomer pasting them would.
// `--keep` leaves the temporary folder for a look inside.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanEnv, run, settleWithLimit, withPath } from '../tools/process.mjs';
import { packTarballs, root } from '../tools/tarballs.mjs';
import { installRuntimes, npmInstall } from '../tools/toolchain.mjs';
import { readmePrograms } from './readme-snippets.mjs';

const consumer = fileURLToPath(new URL('./consumer', import.meta.url));
const keep = process.argv.includes('--keep');
const readJson = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'));
const rootPackage = readJson('package.json');
const examplesPackage = readJson('examples/package.json');
const started = Date.now();

function step(text) {
  console.log(`[pack ${((Date.now() - started) / 1000).toFixed(1)}s] ${text}`);
}

/** msw per project: the pinned msw 2 of the repo, and msw 3 as `npm i msw@3` gives it on Node 22+. */
const MSW = { 2: `msw@${rootPackage.devDependencies.msw}`, 3: 'msw@3' };
const PAIRS = [
  { node: 'node20', msw: 2 },
  { node: 'node22', msw: 3 },
  { node: 'node24', msw: 3 },
];

/** Why a project could not be installed, in a user's words where npm's are cryptic. */
function installFailure(msw, error, mockManifest) {
  const output = error?.output ?? String(error);
  if (/ERESOLVE/.test(output)) {
    return new Error(
      `npm refused to install msw ${msw} next to @network-org/mock, whose peerDependencies say msw "${mockManifest.peerDependencies?.msw}" ` +
        `(ERESOLVE). The mock must declare and support msw ${msw} (issue 12).\n${output}`,
    );
  }
  return error;
}

const work = mkdtempSync(join(tmpdir(), 'network-pack-'));
try {
  const packed = await packTarballs(work, step);
  const tarballs = Object.values(packed.files);
  const mockManifest = packed.manifests['@network-org/mock'];

  const readmes = [
    ...readmePrograms('sdk', readFileSync(join(root, 'packages/sdk/README.md'), 'utf8'), { continued: true }),
    ...readmePrograms('mock', readFileSync(join(root, 'packages/mock/README.md'), 'utf8'), { continued: false }),
  ];
  const tools = [...['typescript', '@types/node'].map((name) => `${name}@${rootPackage.devDependencies[name]}`), `tsx@${examplesPackage.devDependencies.tsx}`];

  /** A fresh project with the consumer scripts, the tarballs and msw `msw` (plus the TypeScript tools for msw 2). */
  async function project(msw) {
    const app = join(work, `app-msw${msw}`);
    cpSync(consumer, app, { recursive: true });
    writeFileSync(join(app, 'package.json'), `${JSON.stringify({ name: `pack-smoke-msw${msw}`, private: true, version: '0.0.0' }, null, 2)}\n`);
    if (msw === 2) {
      mkdirSync(join(app, 'readme'));
      for (const { name, source } of readmes) writeFileSync(join(app, 'readme', `${name}.mts`), source);
    }
    try {
      await npmInstall(app, [...tarballs, MSW[msw], ...(msw === 2 ? tools : [])]);
    } catch (error) {
      throw installFailure(msw, error, mockManifest);
    }
    const installed = JSON.parse(readFileSync(join(app, 'node_modules/msw/package.json'), 'utf8')).version;
    if (Number(installed.split('.')[0]) !== msw) throw new Error(`${MSW[msw]} installed msw ${installed}`);
    step(`npm installed the tarballs and msw ${installed}${msw === 2 ? `, ${tools.join(', ')}` : ''} into ${app}`);
    return app;
  }

  const [runtimes, ...apps] = await Promise.allSettled([
    installRuntimes(join(work, 'runtimes'), [...new Set(PAIRS.map(({ node }) => node))]),
    project(2),
    project(3),
  ]);
  if (runtimes.status === 'rejected') throw runtimes.reason;
  step(`runtimes: ${Object.entries(runtimes.value).map(([alias, { version }]) => `${alias} ${version}`).join(', ')}`);
  const app = { 2: apps[0], 3: apps[1] };

  /** A check: label and a function that runs it (rejecting with the reason when it fails). */
  const checks = [];
  for (const pair of PAIRS) {
    const node = runtimes.value[pair.node];
    const label = `Node ${node.version} + msw ${pair.msw}`;
    const inApp = (args) => () => {
      if (app[pair.msw].status === 'rejected') return Promise.reject(app[pair.msw].reason);
      return run(node.path, args, { cwd: app[pair.msw].value, env: withPath(dirname(node.path)), timeoutMs: 3 * 60_000 });
    };
    checks.push(
      [`${label}: quick start from ESM (createMockApi + setupServer, startMockServer)`, inApp(['esm.mjs'])],
      [`${label}: quick start from CommonJS`, inApp(['cjs.cjs'])],
      [`${label}: CLI network-mock serve --port 0, a request, SIGTERM`, inApp(['cli.mjs'])],
      [`${label}: npx network-mcp --mock: an MCP client lists the tools and calls one over stdio`, inApp(['mcp.mjs'])],
      [`${label}: network-verify against network-mock serve, every scenario agrees`, inApp(['verify.mjs'])],
      [`${label}: npx network-org --help, and contacts list --mock`, inApp(['network-org.mjs'])],
    );
  }
  const inTypesApp = (args) => () =>
    app[2].status === 'rejected' ? Promise.reject(app[2].reason) : run(process.execPath, args, { cwd: app[2].value, env: cleanEnv });
  const tsc = (project) => ['node_modules/typescript/bin/tsc', '-p', project];
  checks.push(
    ['types: moduleResolution node16 (.mts and .cts)', inTypesApp(tsc('types/tsconfig.node16.json'))],
    ['types: moduleResolution bundler', inTypesApp(tsc('types/tsconfig.bundler.json'))],
    [`README snippets type-check (${readmes.length} programs)`, inTypesApp(tsc('types/tsconfig.readme.json'))],
    ...readmes
      .filter(({ runnable }) => runnable)
      .map(({ name }) => [`README snippets run: ${name}`, inTypesApp(['node_modules/tsx/dist/cli.mjs', `readme/${name}.mts`])]),
  );

  const results = await settleWithLimit(
    checks.map(([, check]) => check),
    4,
  );
  results.forEach((result, i) => step(`${result.status === 'fulfilled' ? 'ok  ' : 'FAIL'} ${checks[i][0]}`));
  const failures = results.flatMap((result, i) => (result.status === 'rejected' ? [[checks[i][0], result.reason]] : []));
  if (failures.length > 0) {
    // One reason per distinct message: a project that did not install fails each of its checks the same way.
    const reasons = new Map();
    for (const [label, reason] of failures) {
      const message = reason instanceof Error ? reason.message : String(reason);
      reasons.set(message, [...(reasons.get(message) ?? []), label]);
    }
    throw new Error(
      [...reasons].map(([message, labels]) => `--- ${labels.join('\n--- ')}\n${message}`).join('\n\n'),
    );
  }
  step('the packed packages install and work');
} catch (error) {
  console.error(`pack smoke test failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  if (keep) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
