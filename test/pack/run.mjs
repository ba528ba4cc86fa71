#!/usr/bin/env node
// Release readiness, as a user receives the packages (`pnpm test:pack`, after `pnpm build`):
//  1. the published packages are packed from a temporary copy of the repo after `changeset version`, and each
//     tarball is checked to stand on its own (test/tools/tarballs.mjs);
//  2. fresh projects `npm install` the tarballs from disk and their dependencies from the registry: one with
//     msw 2, one with msw 3; Node 22 and 24 come from the npm packages `node@22`, `node@24`, and Node 20 too unless
//     the Node running this script is a Node 20 (then it is that one: one download less);
//  3. for each pair (Node 20 + msw 2, Node 22 + msw 3, Node 24 + msw 3) it runs the quick start from ESM and
//     from CommonJS (createMockApi + msw's setupServer with the READMEs' unhandled-request setup, which must refuse a
//     request no handler answers, + the SDK, then startMockServer) and the `network-mock`
//     CLI (listening line, a request, SIGTERM), and `npx network-mcp --mock` driven by the official MCP client over stdio,
//     and `network-verify` against that CLI (every scenario agrees), and `npx network-org` (--help, a --mock command);
//  4. in the msw 2 project it type-checks the imports with TypeScript's node16 and bundler resolution (also with
//     the oldest TypeScript the README promises), and type-checks and runs each README snippet on its own, as a
//     newcomer pasting one would (readme-snippets.mjs); the msw 3 project type-checks and runs each README snippet
//     too, on Node 22 with vitest 5, so a snippet that holds on msw 2 only (an option msw 3 renamed) fails here;
//     It type-checks a test file of @network-org/mock/vitest in a CommonJS project (module nodenext), and runs it
//     with vitest 4 there and with vitest 5 in the msw 3 project (Node 22 and 24);
//  5. Node 20 in the msw 3 project: importing the mock throws at once, naming both versions and the fix;
//  6. a fresh clone's `pnpm install --frozen-lockfile` prints no warning (quiet-install.mjs);
//  7. a project with only the MCP server and the SDK (a live install) holds neither the mock nor msw, and its
//     `network-mcp` answers live from a `network-mock serve` of the workspace build.
// `--keep` leaves the temporary folder for a look inside. `--node20` (what a local `pnpm test` runs; CI runs the
// whole matrix) keeps the Node 20 + msw 2 pair and every check of steps 1, 4, 6 and 7, and of Node 22 + msw 3 the
// ESM quick start and the README checks of step 4 (the msw 3 project installs no oldest TypeScript and no tsx, and
// Node 22 comes from npm's cache after the first run); it leaves out Node 24 and the rest of step 3 and 5 for msw 3.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import { cleanEnv, run, settleWithLimit, startServer, withPath } from '../tools/process.mjs';
import { packTarballs, root } from '../tools/tarballs.mjs';
import { installRuntimes, npmInstall } from '../tools/toolchain.mjs';
import { checkQuietInstall } from './quiet-install.mjs';
import { mockPrograms, readmePrograms } from './readme-snippets.mjs';

// vitest's own 5 s bound per test is one on speed: a consumer's first test seeds a mock, beside CI's other lanes on two
// cores. 60 s bounds a hang.
const VITEST_RUN = ['node_modules/vitest/vitest.mjs', 'run', '--testTimeout=60000'];
/** Where a shared vitest run (vitestFiles) writes its JSON report, in the project's folder. */
const VITEST_REPORT = 'vitest-report.json';

const consumer = fileURLToPath(new URL('./consumer', import.meta.url));
const keep = process.argv.includes('--keep');
const node20Only = process.argv.includes('--node20');
const readJson = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'));
const rootPackage = readJson('package.json');
const examplesPackage = readJson('examples/package.json');
const started = Date.now();

function step(text) {
  console.log(`[pack ${((Date.now() - started) / 1000).toFixed(1)}s] ${text}`);
}

/** msw per project: the pinned msw 2 of the repo, and msw 3 as `npm i msw@3` gives it on Node 22+. */
const MSW = { 2: `msw@${rootPackage.devDependencies.msw}`, 3: 'msw@3' };
/** vitest per project: the repo's vitest 4 beside msw 2 (Node 20), and vitest 5 beside msw 3 (Node 22.12+ only). */
const VITEST_5 = 'vitest@5';
/**
 * The oldest TypeScript the SDK README promises (Install): 5.0 with `skipLibCheck: true`, 5.4 with `false` (the
 * declarations of openapi-fetch, which `client.raw` exposes, need 5.4). 4.9 and 5.3 fail those checks.
 */
const OLDEST_TYPESCRIPT = { skipLibCheck: '5.0.4', strict: '5.4.5' };
/** The TypeScript tools of the msw 3 project: vitest 5 asks for the types of Node 22 or later. */
const MSW3_TOOLS = [`typescript@${rootPackage.devDependencies.typescript}`, '@types/node@22'];
/** The SDK README's quick start, which it says to run with `npx tsx quick-start.mts`. */
const QUICK_START = 'sdk-1';
/**
 * The pairs, each with every check (`readmeOnly`: the quick start and the README checks only). A local run keeps
 * Node 22 + msw 3 for the READMEs and the quick start: a snippet that compiles and runs on msw 2 only (an option
 * msw 3 renamed) is caught by `pnpm test`, not first by CI.
 */
const PAIRS = [
  { node: 'node20', msw: 2 },
  ...(node20Only
    ? [{ node: 'node22', msw: 3, readmeOnly: true }]
    : [
        { node: 'node22', msw: 3 },
        { node: 'node24', msw: 3 },
      ]),
];
/** The pair whose project also type-checks and runs the README snippets with msw 3. */
const README_MSW3_NODE = 'node22';

/** Why a project could not be installed, in a user's words where npm's are cryptic. */
function installFailure(msw, error, mockManifest) {
  const output = error?.output ?? String(error);
  if (/ERESOLVE/.test(output)) {
    return new Error(
      `npm refused to install msw ${msw} next to @network-org/mock, whose peerDependencies say msw "${mockManifest.peerDependencies?.msw}" ` +
        `(ERESOLVE). Both msw 2 and msw 3 are supported majors: the mock's peerDependencies must name msw ${msw} ("^2.9.0 || ^3.0.0").\n${output}`,
    );
  }
  return error;
}

/** Checks run at once. */
const CONCURRENCY = 4;

/**
 * `network-mock serve`s of the msw 2 project for the README scripts, at most one per check running at once. A
 * server goes back to its seeded dataset (`POST /__mock/reset`, and every named session dropped) before it serves
 * another script, so that each script meets a freshly seeded mock without paying a server start; a server that
 * cannot be reset is stopped and replaced.
 */
function mockPool(cwd) {
  const idle = [];
  const servers = new Set();
  const control = async (server, method, path) => {
    const response = await fetch(`${server.url}/__mock${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: method === 'POST' ? '{}' : undefined,
    });
    if (!response.ok) throw new Error(`${method} /__mock${path} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };
  return {
    async acquire() {
      const server =
        idle.pop() ?? (await startServer(process.execPath, ['node_modules/@network-org/mock/bin/network-mock.js', 'serve', '--port', '0'], { cwd: cwd() }));
      servers.add(server);
      return server;
    },
    async release(server) {
      try {
        const { sessions } = await control(server, 'GET', '/sessions');
        await Promise.all(sessions.map(({ name }) => control(server, 'DELETE', `/sessions/${encodeURIComponent(name)}`)));
        await control(server, 'POST', '/reset');
        idle.push(server);
      } catch {
        servers.delete(server);
        await server.stop();
      }
    },
    close: () => Promise.all([...servers].map((server) => server.stop())),
  };
}

/**
 * The test files of one project run by one `vitest run`, each file in its own isolated worker as vitest runs files:
 * one vitest start-up instead of one per file (each costs about 3 s of CPU). `runIn(args)` runs node with `args` in
 * the project (`{ cwd, done }`: its folder, and the run's promise); `checkOf(file)` is the check of one file: its first call starts the run, and it
 * rejects with that file's failures, or with the run's output when vitest reported nothing of the file.
 */
function vitestFiles(files, runIn) {
  let report;
  const start = () =>
    (report ??= (async () => {
      const { cwd, done } = runIn([...VITEST_RUN, '--reporter=json', `--outputFile=${VITEST_REPORT}`, ...files]);
      const { output, error } = await done.then(
        (text) => ({ output: text }),
        (failure) => ({ output: failure?.output ?? String(failure), error: failure }),
      );
      let results = [];
      try {
        results = JSON.parse(readFileSync(join(cwd, VITEST_REPORT), 'utf8')).testResults;
      } catch {
        // No report: every file's check fails with the run's output.
      }
      return { output, error, results };
    })());
  return {
    checkOf: (file) => async () => {
      const { output, error, results } = await start();
      const result = results.find(({ name }) => name.endsWith(`/${file}`));
      if (!result) throw error ?? new Error(`vitest reported nothing of ${file}:\n${output}`);
      if (result.status !== 'passed') {
        const failures = result.assertionResults
          .filter(({ status }) => status === 'failed')
          .flatMap(({ fullName, failureMessages }) => [fullName, ...failureMessages]);
        throw new Error(`vitest run ${file}: ${result.status}\n${[result.message, ...failures].filter(Boolean).join('\n')}`);
      }
      return output;
    },
  };
}

const work = mkdtempSync(join(tmpdir(), 'network-pack-'));
try {
  const packed = await packTarballs(work, step);
  const tarballs = Object.values(packed.files);
  const mockManifest = packed.manifests['@network-org/mock'];

  const readmes = [
    ...readmePrograms('sdk', readFileSync(join(root, 'packages/sdk/README.md'), 'utf8')),
    ...mockPrograms(root),
  ];
  // The oldest TypeScripts the SDK README promises type-check the imports too.
  const tools = [
    ...['typescript', '@types/node', 'vitest'].map((name) => `${name}@${rootPackage.devDependencies[name]}`),
    `tsx@${examplesPackage.devDependencies.tsx}`,
    `typescript-oldest@npm:typescript@${OLDEST_TYPESCRIPT.skipLibCheck}`,
    `typescript-oldest-strict@npm:typescript@${OLDEST_TYPESCRIPT.strict}`,
  ];

  /**
   * The README scripts as JavaScript beside their TypeScript (`readme/sdk-2.mjs`), so that each runs with plain
   * node: tsx would start esbuild once per script to do the same. In the msw 2 project the quick start (the first SDK
   * snippet) still runs with `npx tsx`, as its README says.
   */
  async function writeReadmeJavaScript(app) {
    await Promise.all(
      readmes
        .filter(({ kind }) => kind === 'script')
        .map(async ({ name, source }) => {
          const { code } = await transform(source, { loader: 'ts', format: 'esm', platform: 'node', target: 'node20' });
          writeFileSync(join(app, 'readme', `${name}.mjs`), code);
        }),
    );
  }

  /**
   * A fresh project with the consumer scripts, the README snippets, the tarballs and msw `msw`, with the TypeScript
   * tools (the msw 2 project also the oldest TypeScripts and tsx).
   */
  async function project(msw) {
    const app = join(work, `app-msw${msw}`);
    cpSync(consumer, app, { recursive: true });
    writeFileSync(join(app, 'package.json'), `${JSON.stringify({ name: `pack-smoke-msw${msw}`, private: true, version: '0.0.0' }, null, 2)}\n`);
    mkdirSync(join(app, 'readme'));
    for (const { file, source } of readmes) writeFileSync(join(app, 'readme', file), source);
    await writeReadmeJavaScript(app);
    try {
      await npmInstall(app, [...tarballs, MSW[msw], ...(msw === 2 ? tools : [VITEST_5, ...MSW3_TOOLS])]);
    } catch (error) {
      throw installFailure(msw, error, mockManifest);
    }
    const installed = JSON.parse(readFileSync(join(app, 'node_modules/msw/package.json'), 'utf8')).version;
    if (Number(installed.split('.')[0]) !== msw) throw new Error(`${MSW[msw]} installed msw ${installed}`);
    step(`npm installed the tarballs and msw ${installed}${msw === 2 ? `, ${tools.join(', ')}` : ''} into ${app}`);
    return app;
  }

  /** A live install of the MCP server: its tarball and the SDK's, nothing of the mock. */
  async function liveMcpProject() {
    const app = join(work, 'app-mcp-live');
    cpSync(consumer, app, { recursive: true });
    writeFileSync(join(app, 'package.json'), `${JSON.stringify({ name: 'pack-smoke-mcp-live', private: true, version: '0.0.0' }, null, 2)}\n`);
    await npmInstall(app, [packed.files['@network-org/mcp'], packed.files['@network-org/sdk']]);
    step(`npm installed @network-org/mcp and @network-org/sdk alone into ${app}`);
    return app;
  }

  /** The Node majors of the pairs: the running Node stands for its own major, the others come from npm. */
  async function runtimesOf(aliases) {
    const current = `node${process.versions.node.split('.')[0]}`;
    const own = aliases.includes(current) ? { [current]: { path: process.execPath, version: process.versions.node } } : {};
    const others = aliases.filter((alias) => alias !== current);
    return { ...own, ...(others.length > 0 ? await installRuntimes(join(work, 'runtimes'), others, step) : {}) };
  }

  const [runtimes, ...apps] = await Promise.allSettled([
    runtimesOf([...new Set(PAIRS.map(({ node }) => node))]),
    project(2),
    project(3),
    liveMcpProject(),
  ]);
  if (runtimes.status === 'rejected') throw runtimes.reason;
  step(`runtimes: ${Object.entries(runtimes.value).map(([alias, { version }]) => `${alias} ${version}`).join(', ')}`);
  const app = { 2: apps[0], 3: apps[1] };
  const liveApp = apps[2];

  /** A check: label and a function that runs it (rejecting with the reason when it fails). */
  const checks = [];
  for (const pair of PAIRS) {
    const node = runtimes.value[pair.node];
    const label = `Node ${node.version} + msw ${pair.msw}`;
    const inApp = (args) => () => {
      if (app[pair.msw].status === 'rejected') return Promise.reject(app[pair.msw].reason);
      return run(node.path, args, { cwd: app[pair.msw].value, env: withPath(dirname(node.path)), timeoutMs: 3 * 60_000 });
    };
    checks.push([`${label}: quick start from ESM (createMockApi + setupServer, an unhandled request refused, startMockServer)`, inApp(['esm.mjs'])]);
    if (!pair.readmeOnly) {
      checks.push(
        [`${label}: quick start from CommonJS`, inApp(['cjs.cjs'])],
        [`${label}: CLI network-mock serve --port 0, a request, SIGTERM`, inApp(['cli.mjs'])],
        [`${label}: npx network-mcp --mock: an MCP client lists the tools and calls one over stdio`, inApp(['mcp.mjs'])],
        [`${label}: network-verify against network-mock serve, every scenario agrees`, inApp(['verify.mjs'])],
        [`${label}: npx network-org --help, and contacts list --mock`, inApp(['network-org.mjs'])],
      );
    }
    // vitest 5 needs Node 22.12+: the msw 3 projects have it, and run the fixture's test file with it (the README's
    // msw 3 pair in the same vitest run as the README test files, below).
    if (pair.msw === 3 && pair.node !== README_MSW3_NODE) {
      checks.push([`${label} + vitest 5: @network-org/mock/vitest's fixtures in test.concurrent`, inApp([...VITEST_RUN, 'types/vitest-cjs.test.ts'])]);
    }
  }
  checks.push([
    `Node ${runtimes.value.node20.version}: @network-org/mcp installed live pulls neither the mock nor msw, and answers live from network-mock serve`,
    async () => {
      if (liveApp.status === 'rejected') throw liveApp.reason;
      const node = runtimes.value.node20;
      const mock = await startServer(process.execPath, [join(root, 'packages/mock/dist/cli.js'), 'serve', '--port', '0'], { cwd: root });
      try {
        const env = { ...withPath(dirname(node.path)), NETWORK_BASE_URL: mock.url, NETWORK_API_KEY: 'sk_test_admin' };
        return await run(node.path, ['mcp-live.mjs'], { cwd: liveApp.value, env, timeoutMs: 3 * 60_000 });
      } finally {
        await mock.stop();
      }
    },
  ]);
  // msw 3 where it cannot run: Node 20 in the msw 3 project.
  if (!node20Only) checks.push([
    `Node ${runtimes.value.node20.version} + msw 3: importing the mock throws at once, naming both versions and msw@2`,
    () =>
      app[3].status === 'rejected'
        ? Promise.reject(app[3].reason)
        : run(runtimes.value.node20.path, ['msw-pairing.mjs'], { cwd: app[3].value, env: withPath(dirname(runtimes.value.node20.path)) }),
  ]);
  const inTypesApp = (args, env = cleanEnv) => () =>
    app[2].status === 'rejected' ? Promise.reject(app[2].reason) : run(process.execPath, args, { cwd: app[2].value, env });
  const tsc = (project, typescript = 'typescript') => ['node_modules/' + typescript + '/bin/tsc', '-p', project];
  const mocks = mockPool(() => app[2].value);
  // The msw 2 project's test files, in one vitest run: the CommonJS fixture's and each README test file.
  const readmeTests = readmes.filter(({ kind }) => kind === 'test');
  const typesAppTests = vitestFiles(['types/vitest-cjs.test.ts', ...readmeTests.map(({ file }) => `readme/${file}`)], (args) =>
    app[2].status === 'rejected'
      ? { cwd: undefined, done: Promise.reject(app[2].reason) }
      : { cwd: app[2].value, done: run(process.execPath, args, { cwd: app[2].value, env: cleanEnv }) },
  );
  /**
   * A README script against a freshly seeded `network-mock serve` that its environment names: the quick start with
   * tsx, the others as the JavaScript esbuild made of them, with node.
   */
  const runScript = ({ name, file }, msw = 2) => async () => {
    if (app[msw].status === 'rejected') throw app[msw].reason;
    const server = await mocks.acquire();
    try {
      const env = { ...cleanEnv, NETWORK_BASE_URL: server.url, NETWORK_API_KEY: 'sk_test_admin' };
      if (msw === 3) return await inMsw3App([`readme/${name}.mjs`], env)();
      const args = name === QUICK_START ? ['node_modules/tsx/dist/cli.mjs', `readme/${file}`] : [`readme/${name}.mjs`];
      return await inTypesApp(args, env)();
    } finally {
      await mocks.release(server);
    }
  };
  // The README snippets with msw 3, on the Node of README_MSW3_NODE: type-checked, each script run, and the test files
  // in one vitest 5 run with the fixture's test file.
  const msw3Node = runtimes.value[README_MSW3_NODE];
  const inMsw3App = (args, env = cleanEnv) => () =>
    app[3].status === 'rejected'
      ? Promise.reject(app[3].reason)
      : run(msw3Node.path, args, { cwd: app[3].value, env: withPath(dirname(msw3Node.path), env), timeoutMs: 3 * 60_000 });
  const msw3Tests = vitestFiles(['types/vitest-cjs.test.ts', ...readmeTests.map(({ file }) => `readme/${file}`)], (args) =>
    app[3].status === 'rejected'
      ? { cwd: undefined, done: Promise.reject(app[3].reason) }
      : { cwd: app[3].value, done: inMsw3App(args)() },
  );
  const msw3Label = `Node ${msw3Node.version} + msw 3`;
  checks.push(
    ['a fresh clone: `pnpm install --frozen-lockfile` prints no WARN and no ignored build scripts', () => checkQuietInstall(packed.install)],
    ['types: moduleResolution node16 (.mts and .cts)', inTypesApp(tsc('types/tsconfig.node16.json'))],
    ['types: a CommonJS project with module nodenext finds @network-org/mock/vitest (its require types)', inTypesApp(tsc('types/tsconfig.nodenext-cjs.json'))],
    ['vitest 4 runs that CommonJS project\'s test file with the fixtures', typesAppTests.checkOf('types/vitest-cjs.test.ts')],
    [`types: TypeScript ${OLDEST_TYPESCRIPT.skipLibCheck}, the oldest the README promises (skipLibCheck)`, inTypesApp(tsc('types/tsconfig.oldest.json', 'typescript-oldest'))],
    ['types: the SDK with skipLibCheck false', inTypesApp(tsc('types/tsconfig.sdk-strict.json'))],
    [`types: the SDK with skipLibCheck false and TypeScript ${OLDEST_TYPESCRIPT.strict}, the oldest the README promises so`, inTypesApp(tsc('types/tsconfig.sdk-strict.json', 'typescript-oldest-strict'))],
    [`types: moduleResolution bundler, and the README snippets type-check, each on its own (${readmes.length} programs)`, inTypesApp(tsc('types/tsconfig.readme.json'))],
    ...readmes
      .filter(({ kind }) => kind === 'script')
      .map((program) => [`README snippet runs on its own: ${program.name}`, runScript(program)]),
    ...readmeTests.map(({ name, file }) => [`README test file runs in vitest on its own: ${name}`, typesAppTests.checkOf(`readme/${file}`)]),
    [`${msw3Label}: the README snippets type-check, each on its own (${readmes.length} programs)`, inMsw3App(tsc('types/tsconfig.readme.json'))],
    ...readmes
      .filter(({ kind }) => kind === 'script')
      .map((program) => [`${msw3Label}: README snippet runs on its own: ${program.name}`, runScript(program, 3)]),
    [`${msw3Label} + vitest 5: @network-org/mock/vitest's fixtures in test.concurrent`, msw3Tests.checkOf('types/vitest-cjs.test.ts')],
    ...readmeTests.map(({ name, file }) => [`${msw3Label} + vitest 5: README test file runs on its own: ${name}`, msw3Tests.checkOf(`readme/${file}`)]),
  );

  const results = await settleWithLimit(
    checks.map(([, check]) => check),
    CONCURRENCY,
  ).finally(() => mocks.close());
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
