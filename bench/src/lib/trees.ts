import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * A checkout whose built packages a suite measures: the work tree this bench runs from, or a git ref built beside
 * it (`pnpm bench --against REF`). Suites load the packages through the tree, never by a bare specifier, so that the
 * same contender can run on both builds in one process.
 */
export interface Tree {
  /** `work`, or the ref as given on the command line. */
  readonly label: string;
  /** The checkout's root directory (holds `packages/`). */
  readonly root: string;
}

export const WORK_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const WORK: Tree = { label: 'work', root: WORK_ROOT };

export type PackageSpecifier = '@network-org/sdk' | '@network-org/sdk/zod' | '@network-org/mock' | '@network-org/mock/node' | '@network-org/mcp';

export interface Packages {
  '@network-org/sdk': typeof import('@network-org/sdk');
  '@network-org/sdk/zod': typeof import('@network-org/sdk/zod');
  '@network-org/mock': typeof import('@network-org/mock');
  '@network-org/mock/node': typeof import('@network-org/mock/node');
  '@network-org/mcp': typeof import('@network-org/mcp');
}

type ExportTarget = string | { import?: ExportTarget; default?: ExportTarget; node?: ExportTarget } | null | undefined;

function esmFile(target: ExportTarget): string | undefined {
  if (typeof target === 'string') return target;
  if (!target) return undefined;
  return esmFile(target.import) ?? esmFile(target.node) ?? esmFile(target.default);
}

/** The file a specifier names in `root`'s workspace package, through its package.json `exports` (ESM condition). */
export function packageFile(root: string, specifier: string): string {
  const [, scope, name, ...rest] = /^(@[^/]+)\/([^/]+)(?:\/(.+))?$/.exec(specifier) ?? [];
  if (!scope || !name) throw new Error(`not a workspace package: ${specifier}`);
  const directory = join(root, 'packages', name);
  const manifest = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as { exports?: Record<string, ExportTarget>; module?: string; main?: string };
  const subpath = rest.length > 0 && rest[0] ? `./${rest[0]}` : '.';
  const file = manifest.exports ? esmFile(manifest.exports[subpath]) : subpath === '.' ? (manifest.module ?? manifest.main) : undefined;
  if (!file) throw new Error(`${specifier} is not exported by ${directory}/package.json`);
  const path = join(directory, file);
  if (!existsSync(path)) throw new Error(`${path} is missing: build ${root} first`);
  return path;
}

const loaded = new Map<string, Promise<unknown>>();

/** One of the workspace's packages as built in `tree`. */
export function load<S extends PackageSpecifier>(tree: Tree, specifier: S): Promise<Packages[S]> {
  const path = packageFile(tree.root, specifier);
  let module = loaded.get(path);
  if (!module) {
    module = import(pathToFileURL(path).href);
    loaded.set(path, module);
  }
  return module as Promise<Packages[S]>;
}

/** The CLI's built entry of `tree`. */
export function cliFile(tree: Tree): string {
  return join(tree.root, 'packages', 'cli', 'dist', 'cli.js');
}

/** What `--against REF` does before it measures: the steps, so that a test can read them without running them. */
export interface RefPlan {
  ref: string;
  commit: string;
  directory: string;
  /** Commands run in order in `directory` (the first in the work tree); skipped when the build is already there. */
  steps: { command: string; args: string[]; cwd: string }[];
}

const BUILT_MARK = '.bench-built';
const BUILT_PACKAGES = ['@network-org/sdk', '@network-org/mock', '@network-org/mcp', '@network-org/cli'];

export function cacheDirectory(): string {
  return process.env.NETWORK_BENCH_CACHE ?? join(tmpdir(), 'network-org-bench');
}

/** The plan for building `ref`: a detached git worktree per commit under the cache, installed offline, built. */
export function planRef(ref: string, commit: string, cache = cacheDirectory()): RefPlan {
  const directory = join(cache, commit.slice(0, 12));
  return {
    ref,
    commit,
    directory,
    steps: [
      { command: 'git', args: ['worktree', 'add', '--force', '--detach', directory, commit], cwd: WORK_ROOT },
      { command: 'pnpm', args: ['install', '--frozen-lockfile', '--offline'], cwd: directory },
      // What the suites load, as `pnpm bench` builds them in the work tree (not verify, sdk-redis or their types' wait).
      { command: 'pnpm', args: [...BUILT_PACKAGES.flatMap((name) => ['--filter', name]), 'run', 'build'], cwd: directory },
    ],
  };
}

function resolveCommit(ref: string): string {
  try {
    return execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: WORK_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  } catch {
    throw new Error(`--against ${ref}: not a commit of this repository (git rev-parse found nothing)`);
  }
}

function run(step: RefPlan['steps'][number], log: (line: string) => void): boolean {
  log(`  ${step.command} ${step.args.join(' ')}`);
  const result = spawnSync(step.command, step.args, { cwd: step.cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (result.status === 0) return true;
  const lines = `${result.stdout}\n${result.stderr}`.split('\n').filter((line) => line.trim() !== '');
  const errors = lines.filter((line) => /error/i.test(line));
  log(`  failed (${result.status}):\n  ${(errors.length > 0 ? errors : lines).slice(-8).join('\n  ')}`);
  return false;
}

/**
 * Checks `ref` out beside the work tree and builds it, once per commit (a later run reuses the build). The install
 * is tried offline first, from pnpm's store, and online only if the store lacks a package.
 */
export function prepareRef(ref: string, log: (line: string) => void): Tree {
  const plan = planRef(ref, resolveCommit(ref));
  const mark = join(plan.directory, BUILT_MARK);
  if (existsSync(mark)) {
    log(`--against ${ref}: reusing the build of ${plan.commit.slice(0, 12)} in ${plan.directory}`);
    return { label: ref, root: plan.directory };
  }
  log(`--against ${ref}: building ${plan.commit.slice(0, 12)} in ${plan.directory}`);
  const [worktree, install, build] = plan.steps as [RefPlan['steps'][number], RefPlan['steps'][number], RefPlan['steps'][number]];
  if (!existsSync(join(plan.directory, 'package.json')) && !run(worktree, log)) throw new Error(`--against ${ref}: git worktree add failed`);
  if (!run(install, log)) {
    const online = { ...install, args: install.args.filter((arg) => arg !== '--offline') };
    if (!run(online, log)) throw new Error(`--against ${ref}: pnpm install failed in ${plan.directory}`);
  }
  if (!run(build, log)) throw new Error(`--against ${ref}: the build failed in ${plan.directory}`);
  writeFileSync(mark, `${plan.commit}\n`);
  return { label: ref, root: plan.directory };
}
