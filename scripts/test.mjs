#!/usr/bin/env node
// `pnpm test`: build once, then run every check at the same time, in lanes, instead of one after another. Most of
// the time of the slow lanes (vitest's end-to-end files, test:pack's npm installs) is spent waiting on child
// processes, servers and the network, so on two cores the lanes overlap rather than queue.
//   --ci  adds what only CI runs, each as a lane (what .ci/run does; locally each stays a command of its own): the
//         bench's smoke test (`pnpm test:bench`), `pnpm test:runtimes`, the single-file executables
//         (`pnpm executables && pnpm test:executables`), and the image (`pnpm test:image`, then
//         test/image/testcontainers.mjs, then `pnpm test:compose` on the images test:image built).
// Each line of output is prefixed with its lane; a summary with each lane's time closes the run. Every lane runs to
// its end even when another fails, so one run shows every failure; the exit code is 1 if any lane failed.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ci = process.argv.includes('--ci');
// The package checks (publint, attw), test:pack and (under --ci) test:runtimes all need the published packages packed:
// the first to ask packs them here, once, and the others take its tarballs (test/tools/tarballs.mjs). Under --ci test:pack and
// test:runtimes share the runtimes from npm here too (test/tools/toolchain.mjs).
const packed = mkdtempSync(join(tmpdir(), 'network-org-packed-'));
const shared = { NETWORK_ORG_PACKED: packed, ...(ci ? { NETWORK_ORG_SHARE_RUNTIMES: '1' } : {}) };

// vitest's lane is the longest, so it is the run's critical path: the other lanes run at a lower CPU priority
// (`nice`), filling the cores whenever vitest's files wait on servers and timers instead of taking turns with it. On
// two cores this brings the run's wall time down to about its CPU time over two, and keeps vitest's timeouts far.
const CRITICAL_PATH = 'vitest';
const lanes = [
  // Static checks: spec lint and generated code, every tsconfig (tests included), package checks, the API docs.
  { name: 'checks', steps: ['pnpm lint', 'pnpm typecheck', 'pnpm -r --if-present run check', 'pnpm run docs'] },
  { name: 'vitest', steps: ['pnpm exec vitest run'] },
  // The packed packages as users install them: CI runs the whole matrix (Node 20/22/24, msw 2 and 3); locally the
  // Node 20 + msw 2 project with every type, README and install check (`--node20`): two npm installs of four.
  { name: 'pack', steps: [ci ? 'pnpm test:pack' : 'pnpm test:pack --node20'] },
  ...(ci
    ? [
        // `pnpm bench`'s every suite cut to seconds: that the bench runs and reports, not how fast anything is. It
        // checks a contributors' tool, not a package, and costs some 120 s of CPU, so it is CI's, beside the others.
        { name: 'bench', steps: ['pnpm test:bench'] },
        { name: 'runtimes', steps: ['pnpm test:runtimes'] },
        { name: 'executables', steps: ['pnpm executables', 'pnpm test:executables'] },
        // The image as a team runs it, then the containers page's Python test through a real Testcontainers client,
        // then deploy/compose.yaml under podman-compose with a replica killed, in turn: each needs the image before
        // it, and compose takes the images test:image built (the mock's and HAProxy's) instead of building them again.
        { name: 'image', steps: ['pnpm test:image', 'node test/image/testcontainers.mjs', 'pnpm test:compose --image network-org/mock:latest'] },
      ]
    : []),
];
const width = Math.max(...lanes.map((lane) => lane.name.length));

// A step runs as `pnpm run` would run it, without a pnpm start-up (about 1.5 s of CPU each, and `pnpm lint` alone
// started three): each `pnpm NAME ARGS` of a root script NAME, between the `&&`s, becomes the script's own text with
// ARGS after it (as pnpm appends them), expanded the same way, and `pnpm exec X` becomes `X`, with the root's
// node_modules/.bin first on PATH. Anything else (`pnpm -r ...`, `pnpm --filter ...`) still runs through pnpm.
const rootScripts = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts;
const binPath = `${fileURLToPath(new URL('../node_modules/.bin', import.meta.url))}${delimiter}${process.env.PATH ?? ''}`;
function withoutPnpm(command) {
  return command
    .split('&&')
    .map((segment) => {
      const match = /^(\s*)pnpm (?:run )?(exec )?([\w:-]+)(.*)$/s.exec(segment);
      if (!match) return segment;
      const [, lead, exec, name, rest] = match;
      if (exec) return `${lead}${name}${rest}`;
      return name in rootScripts ? `${lead}${withoutPnpm(rootScripts[name])}${rest}` : segment;
    })
    .join('&&');
}
const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

// Each lane's CPU (user + sys of its processes and all they started), for the summary: on a shared machine CPU is what
// compares between runs, and on two cores the run's wall time is bounded below by its CPU over two. Linux counts a
// reaped child's CPU into its parent's `cutime`/`cstime` (/proc/self/stat, in ticks of 1/100 s); reading them as
// each step ends, less the reading at the step that ended before it, gives that step's share. Elsewhere the summary
// shows wall time only.
function childrenCpu() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

const cpu = new Map();
let cpuReaped = childrenCpu();
/** `, N s of CPU` for the summary's lines, or nothing where the CPU is not known. */
const cpuText = (used) => (used === undefined || Number.isNaN(used) ? '' : `, ${Math.round(used)} s of CPU`);

/**
 * Runs one shell command (through withoutPnpm), its output line by line behind `[lane]`; resolves with its exit code.
 * `nice` runs the whole command, each of its `&&` parts, at `nice -n 5`.
 */
function run(lane, command, { nice = false } = {}) {
  const expanded = withoutPnpm(command);
  const shell = nice ? `nice -n 5 sh -c '${expanded.replaceAll("'", "'\\''")}'` : expanded;
  const prefix = `[${lane.padEnd(width)}] `;
  return new Promise((resolve) => {
    const child = spawn(shell, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PATH: binPath, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0'), ...shared } });
    for (const [stream, out] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(prefix + line + '\n');
      });
      stream.on('end', () => rest && out.write(prefix + rest + '\n'));
    }
    child.on('error', (error) => {
      process.stderr.write(`${prefix}${command}: ${error.message}\n`);
      resolve(1);
    });
    child.on('exit', () => {
      const reaped = childrenCpu();
      cpu.set(lane, (cpu.get(lane) ?? 0) + (reaped === undefined ? NaN : reaped - cpuReaped));
      cpuReaped = reaped;
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function runLane(lane) {
  const since = Date.now();
  for (const step of lane.steps) {
    console.log(`[${lane.name.padEnd(width)}] $ ${step}`);
    const stepSince = Date.now();
    const cpuSince = cpu.get(lane.name) ?? 0;
    const code = await run(lane.name, step, { nice: lane.name !== CRITICAL_PATH && process.platform !== 'win32' });
    console.log(`[${lane.name.padEnd(width)}] $ ${step}: ${code === 0 ? 'done' : `exit ${code}`} in ${seconds(stepSince)}${cpuText((cpu.get(lane.name) ?? NaN) - cpuSince)}`);
    if (code !== 0) return { lane, failed: step, time: seconds(since) };
  }
  return { lane, time: seconds(since) };
}

console.log(`[${'build'.padEnd(width)}] $ pnpm build`);
if ((await run('build', 'pnpm build')) !== 0) {
  rmSync(packed, { recursive: true, force: true });
  console.error('pnpm test: the build failed; nothing else ran.');
  process.exit(1);
}
console.log(`build done in ${seconds(started)}${cpuText(cpu.get('build'))}; ${lanes.map((lane) => lane.name).join(', ')} run side by side`);

const results = await Promise.all(lanes.map(runLane));
rmSync(packed, { recursive: true, force: true });
const cpuInAll = [...cpu.values()].reduce((sum, used) => sum + used, 0);
console.log(`\npnpm test, ${seconds(started)} in all (build included)${cpuText(cpuInAll)}:`);
for (const { lane, failed, time } of results) {
  console.log(`  ${lane.name.padEnd(width)}  ${failed ? `FAILED at \`${failed}\`` : 'passed'}  ${time}${cpuText(cpu.get(lane.name))}`);
}
process.exit(results.some((result) => result.failed) ? 1 : 0);
