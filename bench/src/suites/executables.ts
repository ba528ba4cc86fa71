import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { median, ms } from '../lib/stats';
import type { Section } from '../report';

export interface ExecutablesOptions {
  /** Runs of each command; the median counts. */
  runs: number;
}

export const EXECUTABLES_FULL: ExecutablesOptions = { runs: 10 };

const root = fileURLToPath(new URL('../../../', import.meta.url));
const platform = ({ linux: 'linux', darwin: 'macos', win32: 'windows' } as Record<string, string>)[process.platform] ?? process.platform;
const suffix = `${platform}-${process.arch}${process.platform === 'win32' ? '.exe' : ''}`;
const MOCK_EXE = `${root}dist/bin/network-mock-${suffix}`;
const CLI_EXE = `${root}dist/bin/network-org-${suffix}`;
const MOCK_JS = `${root}packages/mock/dist/cli.js`;
const CLI_JS = `${root}packages/cli/dist/cli.js`;
// packages/cli has the mock as a devDependency: `npx network-mock` there runs the linked bin, as in a project that installed it.
const NPX_DIR = `${root}packages/cli`;

interface Contender {
  name: string;
  command: string;
  args: string[];
  cwd?: string;
}

const env = { ...process.env, NETWORK_API_KEY: '', NETWORK_BASE_URL: '', NPM_CONFIG_UPDATE_NOTIFIER: 'false' };

/** Wall time from spawn to exit. */
function timeToExit({ command, args, cwd }: Contender): Promise<number> {
  const started = process.hrtime.bigint();
  const result = spawnSync(command, args, { cwd: cwd ?? root, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return Promise.resolve(Number(process.hrtime.bigint() - started) / 1e6);
}

/**
 * Wall time from spawn to the `listening on` line; the server is then stopped. It leads a process group of its own,
 * and the whole group is stopped: npx runs the server as its child, which a SIGTERM to npx alone leaves running.
 */
function timeToListening({ command, args, cwd }: Contender): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(command, args, { cwd: cwd ?? root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('listening on ')) {
        const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
        child.once('exit', () => resolve(elapsed));
        process.kill(-(child.pid as number), 'SIGTERM');
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('exit', (code) => {
      if (!output.includes('listening on ')) reject(new Error(`${command} ${args.join(' ')} exited ${code} before listening:\n${output}`));
    });
  });
}

/** The contenders of one row take turns run by run, so the machine's noise hits them alike. */
async function interleaved(contenders: Contender[], runs: number, time: (contender: Contender) => Promise<number>): Promise<number[]> {
  const times = contenders.map(() => [] as number[]);
  for (let run = 0; run < runs; run++) {
    for (const [index, contender] of contenders.entries()) times[index]!.push(await time(contender));
  }
  return times.map(median);
}

const mib = (path: string) => `${(statSync(path).size / 2 ** 20).toFixed(1)} MiB`;

/**
 * The single-file executables (`pnpm executables`, built here when missing) against the same CLIs on the installed
 * Node: their size, and the time to `--version`, to `listening on` and to a first answer offline.
 */
export async function executablesStartup(options: ExecutablesOptions): Promise<Section> {
  if (!existsSync(MOCK_EXE) || !existsSync(CLI_EXE)) {
    const built = spawnSync(process.execPath, [`${root}scripts/executables.mjs`], { cwd: root, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`pnpm executables failed:\n${built.stderr}`);
  }
  const serveArgs = ['serve', '--port', '0'];
  const mock = (args: string[]): Contender[] => [
    { name: `network-mock-${suffix}`, command: MOCK_EXE, args },
    { name: 'node packages/mock/dist/cli.js', command: process.execPath, args: [MOCK_JS, ...args] },
    { name: 'npx network-mock', command: 'npx', args: ['--no-install', 'network-mock', ...args], cwd: NPX_DIR },
  ];
  const cli = (args: string[]): Contender[] => [
    { name: `network-org-${suffix}`, command: CLI_EXE, args },
    { name: 'node packages/cli/dist/cli.js', command: process.execPath, args: [CLI_JS, ...args] },
  ];
  const rows: string[][] = [];
  const measure = async (what: string, contenders: Contender[], time: (contender: Contender) => Promise<number>) => {
    const medians = await interleaved(contenders, options.runs, time);
    contenders.forEach((contender, index) => rows.push([what, contender.name, ms(medians[index]!, 0)]));
    return medians;
  };
  await measure('--version', mock(['--version']), timeToExit);
  await measure('serve --port 0, to `listening on`', mock(serveArgs), timeToListening);
  await measure('--version', cli(['--version']), timeToExit);
  await measure('contacts list --mock', cli(['contacts', 'list', '--mock', '--output', 'json']), timeToExit);
  rows.push(['size', `network-mock-${suffix}`, mib(MOCK_EXE)]);
  rows.push(['size', `network-org-${suffix}`, mib(CLI_EXE)]);
  rows.push(['size', `the Node binary they carry (${process.version})`, mib(process.execPath)]);
  return {
    title: 'Single-file executables: size and start-up',
    method: `Each command spawned ${options.runs} times, the contenders of a row taking turns; the median wall time from spawn to exit (or to the \`listening on\` line).`,
    columns: ['what', 'how', 'median wall time or size'],
    rows,
    targets: [],
  };
}
