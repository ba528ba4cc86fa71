#!/usr/bin/env node
// The SDK in every runtime it claims (`pnpm test:runtimes`, after `pnpm build`; README "Runtime matrix").
//  1. The published packages are packed as for a release (test/tools/tarballs.mjs), and one fresh project
//     `npm install`s the SDK's tarball with every runtime and tool from the npm registry: Node 18, 20, 22 and 24
//     (`node@18` ... ship the binary), Bun, Deno, workerd, esbuild, playwright-core and TypeScript.
//  2. `network-mock serve --port 0 --no-rate-limit` (the built CLI) starts once.
//  3. The same smoke (app/smoke.mjs: contacts walked across pages with `for await`, a PATCH, a 404 and a 401 as
//     their classes, the API key absent from the errors) runs in each Node, in Bun, in Deno, in a Cloudflare
//     worker under workerd (the SDK bundled into it by esbuild) and in a page of Debian's Chromium (an ESM
//     bundle calling the mock cross-origin); `bun test` awaits calls with `.resolves` / `.rejects`; a TypeScript
//     consumer compiles under moduleResolution node16, nodenext, bundler and node10 with skipLibCheck false.
// It prints a table and exits non-zero on any failure; a runtime that cannot be installed is a failure.
// `--keep` leaves the temporary folder for a look inside.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanEnv, run, settleWithLimit, startServer } from '../tools/process.mjs';
import { packTarballs, root } from '../tools/tarballs.mjs';
import { npmInstall, RUNTIME_PACKAGES, runtimeBinary, runtimesFolder } from '../tools/toolchain.mjs';

const appSource = fileURLToPath(new URL('./app', import.meta.url));
const keep = process.argv.includes('--keep');
const readJson = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'));
const TOOLS = [
  `typescript@${readJson('package.json').devDependencies.typescript}`,
  `playwright-core@${readJson('examples/package.json').devDependencies['playwright-core']}`,
  'esbuild@0.25.12',
];
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const TYPESCRIPT_RESOLUTIONS = ['node16', 'nodenext', 'bundler', 'node10'];
// A few at once: the machine running CI may have two cores.
const CONCURRENCY = 3;

const started = Date.now();
const seconds = (from) => `${((Date.now() - from) / 1000).toFixed(1)} s`;
const step = (text) => console.log(`[runtimes ${seconds(started)}] ${text}`);

/** The smoke's JSON result line, as a table detail. */
function smokeDetail(output) {
  const line = output.trim().split('\n').findLast((text) => text.startsWith('{'));
  if (!line) throw new Error(`the smoke printed no result:\n${output}`);
  const { contacts, pages } = JSON.parse(line);
  return `${contacts} contacts over ${pages} pages, PATCH, 404, 401`;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Bundles `entry` of the app into one ESM file with the app's esbuild; resolves with its size in bytes. */
async function bundle(app, entry, outfile, conditions) {
  const esbuild = createRequire(join(app, 'package.json'))('esbuild');
  await esbuild.build({
    entryPoints: [join(app, entry)],
    outfile: join(app, outfile),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions,
    logLevel: 'error',
  });
  return statSync(join(app, outfile)).size;
}

/** The worker under workerd, with a network service that lets it reach the mock on loopback. */
async function runWorker(app, workerd, mockUrl) {
  const size = await bundle(app, 'worker.mjs', 'worker.js', ['workerd', 'worker', 'browser']);
  const port = await freePort();
  writeFileSync(
    join(app, 'config.capnp'),
    `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "main", worker = .smokeWorker),
    # workerd's default outbound allows only public addresses; the mock listens on loopback.
    (name = "loopback", network = (allow = ["private", "local"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);

const smokeWorker :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "worker.js")],
  compatibilityDate = "2025-01-01",
  bindings = [(name = "MOCK_URL", text = ${JSON.stringify(mockUrl)})],
  globalOutbound = "loopback",
);
`,
  );
  const child = spawn(workerd, ['serve', 'config.capnp'], { cwd: app, env: cleanEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`workerd exited (${child.exitCode}):\n${output}`);
      let response;
      try {
        response = await fetch(`http://127.0.0.1:${port}/`);
      } catch {
        if (Date.now() > deadline) throw new Error(`workerd did not listen on 127.0.0.1:${port} within 60 s:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
        continue;
      }
      const text = await response.text();
      if (response.status !== 200) throw new Error(`the worker answered ${response.status}:\n${text}\n${output}`);
      return `${smokeDetail(text)}; worker bundle ${(size / 1024).toFixed(1)} kB`;
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** Serves the app folder (index.html, browser.js) on loopback: another origin than the mock's. */
function servePage(app) {
  const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = normalize(join(app, pathname === '/' ? 'index.html' : pathname));
    if (!file.startsWith(app) || !types[extname(file)] || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': types[extname(file)] }).end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((done) => server.close(done)) }),
    ),
  );
}

/** A page of Debian's Chromium imports the SDK's ESM bundle and runs the smoke against the mock, cross-origin. */
async function runChromium(app, mockUrl, row) {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Debian's Chromium is not at ${CHROMIUM}: apt-get update && apt-get install -y chromium (.ci/run does so as root)`);
  }
  const size = await bundle(app, 'smoke.mjs', 'browser.js', ['browser']);
  const { chromium } = createRequire(join(app, 'package.json'))('playwright-core');
  const page = await servePage(app);
  const messages = [];
  let browser;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    row.version = `Chromium ${browser.version()}`;
    const tab = await browser.newPage();
    tab.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
    tab.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
    await tab.goto(page.url);
    const result = await tab
      .evaluate(async (url) => (await import('./browser.js')).smoke(url, 'chromium'), mockUrl)
      .catch((error) => {
        throw new Error(`${error.message}\nbrowser console:\n  ${messages.join('\n  ')}`);
      });
    return `${smokeDetail(JSON.stringify(result))}; ESM bundle ${(size / 1024).toFixed(1)} kB`;
  } finally {
    await browser?.close();
    await page.close();
  }
}

const work = mkdtempSync(join(tmpdir(), 'network-runtimes-'));
let mock;
let failed = true;
try {
  const packed = await packTarballs(work, step);
  const app = join(work, 'app');
  cpSync(appSource, app, { recursive: true });
  for (const extension of ['mts', 'cts']) cpSync(join(app, 'types/consumer.ts'), join(app, `types/consumer.${extension}`));
  const installStarted = Date.now();
  // The runtimes go to a folder of their own, which test:pack shares under `scripts/test.mjs --ci`.
  const [runtimes] = await Promise.all([
    runtimesFolder(join(work, 'runtimes'), Object.keys(RUNTIME_PACKAGES), step),
    npmInstall(app, { ...Object.fromEntries(TOOLS.map((spec) => [spec, spec])), sdk: packed.files['@network-org/sdk'] }),
  ]);
  step(`npm installed the SDK tarball, ${TOOLS.join(', ')}, and ${Object.values(RUNTIME_PACKAGES).join(', ')} in ${runtimes}, in ${seconds(installStarted)}`);

  mock = await startServer(process.execPath, [join(root, 'packages/mock/dist/cli.js'), 'serve', '--port', '0', '--no-rate-limit'], { cwd: root });
  step(`network-mock serve is listening on ${mock.url}`);

  /** A row: its name, and a check that sets `row.version` as soon as it knows it and resolves with the detail. */
  const binary = (row, alias, label = '') => {
    const found = runtimeBinary(runtimes, alias);
    row.version = `${label}${found.version}`;
    return found.path;
  };
  const inApp = (command, args, env = cleanEnv) => run(command, args, { cwd: app, env, timeoutMs: 5 * 60_000 });
  const tsc = join(app, 'node_modules/typescript/bin/tsc');
  const rows = [
    ...['node18', 'node20', 'node22', 'node24'].map((alias) => [
      `Node ${alias.slice(4)}`,
      async (row) => smokeDetail(await inApp(binary(row, alias, 'Node '), ['cli-entry.mjs', mock.url, alias])),
    ]),
    ['Bun', async (row) => smokeDetail(await inApp(binary(row, 'bun', 'Bun '), ['cli-entry.mjs', mock.url, 'bun']))],
    [
      'bun test',
      async (row) => {
        await inApp(binary(row, 'bun', 'Bun '), ['test', './bun.test.mjs'], { ...cleanEnv, MOCK_URL: mock.url, NO_COLOR: '1' });
        return 'expect(call).resolves, expect(call).rejects.toBeInstanceOf(AuthenticationError)';
      },
    ],
    [
      'Deno',
      async (row) => {
        const deno = binary(row, 'deno', 'Deno ');
        // No --allow-env and no prompt: given its options, the SDK must need nothing but the network.
        const output = await inApp(deno, ['run', '--no-prompt', `--allow-net=${new URL(mock.url).host}`, 'cli-entry.mjs', mock.url, 'deno'], {
          ...cleanEnv,
          DENO_DIR: join(work, 'deno-dir'),
          DENO_NO_UPDATE_CHECK: '1',
          NO_COLOR: '1',
        });
        return smokeDetail(output);
      },
    ],
    ['workerd (Cloudflare worker)', (row) => runWorker(app, binary(row, 'workerd', 'workerd '), mock.url)],
    ['Chromium (page, cross-origin)', (row) => runChromium(app, mock.url, row)],
    ...TYPESCRIPT_RESOLUTIONS.map((resolution) => [
      `tsc moduleResolution ${resolution}`,
      async (row) => {
        row.version = `TypeScript ${(await inApp(process.execPath, [tsc, '--version'])).trim().replace(/^Version /, '')}`;
        await inApp(process.execPath, [tsc, '-p', `types/tsconfig.${resolution}.json`]);
        return "imports '@network-org/sdk' and '@network-org/sdk/zod', skipLibCheck false";
      },
    ]),
  ];

  const results = rows.map(([name]) => ({ name, ok: false, version: '', time: '', detail: '' }));
  await settleWithLimit(
    rows.map(([, check], i) => async () => {
      const row = results[i];
      const from = Date.now();
      try {
        row.detail = await check(row);
        row.ok = true;
      } catch (error) {
        row.detail = error instanceof Error ? error.message : String(error);
      }
      row.time = seconds(from);
    }),
    CONCURRENCY,
  );

  const columns = [
    ['runtime', (row) => row.name],
    ['version', (row) => row.version],
    ['result', (row) => (row.ok ? 'ok' : 'FAIL')],
    ['time', (row) => row.time],
    ['detail', (row) => (row.ok ? row.detail : 'see below')],
  ];
  const widths = columns.map(([title, cell]) => Math.max(title.length, ...results.map((row) => cell(row).length)));
  const line = (cells) => cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ');
  console.log(`\n${line(columns.map(([title]) => title))}\n${line(widths.map((width) => '-'.repeat(width)))}`);
  for (const row of results) console.log(line(columns.map(([, cell]) => cell(row))));
  const failures = results.filter((row) => !row.ok);
  for (const row of failures) console.error(`\n--- ${row.name} failed:\n${row.detail}`);
  console.log(`\n${results.length - failures.length} of ${results.length} passed; the matrix took ${seconds(started)}`);
  failed = failures.length > 0;
} catch (error) {
  console.error(`runtime matrix failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  if (mock) {
    const code = await mock.stop();
    if (code !== 0) {
      console.error(`network-mock serve exited ${code} on SIGTERM:\n${mock.output()}`);
      failed = true;
    }
  }
  if (keep) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
  step(failed ? 'failed' : 'passed');
  process.exitCode = failed ? 1 : 0;
}
