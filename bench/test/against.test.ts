import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planBench } from '../src/args';
import { compareOnTrees, contendersOnTrees, onRef } from '../src/lib/against';
import type { ContenderResult } from '../src/lib/side-by-side';
import { packageFile, planRef, WORK, WORK_ROOT, type Tree } from '../src/lib/trees';

// `pnpm bench --against REF`: what it plans and how it pairs figures, without building or timing anything.
describe('pnpm bench --against REF', () => {
  it('takes a ref beside --only and --quick, and says which chosen suites measure the work tree only', () => {
    const plan = planBench(['--against', 'main', '--only', 'scale,state,mcp', '--quick']);
    expect(plan.against).toBe('main');
    expect(plan.config.suites).toEqual(['scale', 'state', 'mcp']);
    expect(plan.config.scale.againstRounds).toBe(1);
    expect(plan.workOnly).toEqual(['state']);
    expect(planBench(['--against', 'HEAD~3', '--only', 'scale', '--scale-sizes', '100_000', '--scale-rounds', '2']).config.scale).toMatchObject({ sizes: [100_000], againstRounds: 2 });
    expect(planBench(['--only', 'sdk'])).toMatchObject({ workOnly: [], writeDocs: false });
    expect(planBench(['--only', 'sdk']).against).toBeUndefined();
  });

  it('refuses an empty ref, --write-docs with a ref, and an unknown suite, naming what to do', () => {
    expect(() => planBench(['--against', ''])).toThrow('--against needs a git ref');
    expect(() => planBench(['--against', 'main', '--write-docs'])).toThrow('run it without --against');
    expect(() => planBench(['--only', 'sdk,speed'])).toThrow('unknown suite speed; choose from suite, sdk, pacing');
    expect(() => planBench(['--scale-sizes', '100000,lots'])).toThrow('--scale-sizes takes whole numbers of at least 1, not "lots"');
  });

  it('plans a detached worktree per commit in the cache, installed offline, its measured packages built', () => {
    const commit = 'a'.repeat(40);
    const plan = planRef('main', commit, '/cache');
    expect(plan.directory).toBe(join('/cache', 'aaaaaaaaaaaa'));
    expect(plan.steps.map((step) => [step.command, ...step.args].join(' '))).toEqual([
      `git worktree add --force --detach ${plan.directory} ${commit}`,
      'pnpm install --frozen-lockfile --offline',
      'pnpm --filter @network-org/sdk --filter @network-org/mock --filter @network-org/mcp --filter @network-org/cli run build',
    ]);
    expect(plan.steps[0]?.cwd).toBe(WORK_ROOT);
    expect(plan.steps.slice(1).map((step) => step.cwd)).toEqual([plan.directory, plan.directory]);
  });

  it("loads a tree's packages from its own build, through each package's exports", () => {
    expect(packageFile(WORK.root, '@network-org/mock/node')).toBe(join(WORK_ROOT, 'packages/mock/dist/node.js'));
    expect(packageFile(WORK.root, '@network-org/sdk')).toBe(join(WORK_ROOT, 'packages/sdk/dist/index.js'));
    expect(() => packageFile(WORK.root, '@network-org/mock/nothing')).toThrow('is not exported');
  });

  it('runs the ref’s contenders in the same rotation and compares each with its twin round by round', async () => {
    const ref: Tree = { label: 'main', root: '/elsewhere' };
    const contenders = await contendersOnTrees([{ name: 'raw fetch', run: async () => {} }], (tree) => [{ name: 'SDK', run: async () => tree.label }], WORK, ref);
    expect(contenders.map((c) => c.name)).toEqual(['raw fetch', 'SDK', 'SDK @ main']);
    const result = (name: string, roundMs: number[]): ContenderResult => ({ name, perRunMs: roundMs[0] as number, ratioToBaseline: 1, roundMs, roundCpuMs: roundMs });
    const results = [result('raw fetch', [1, 1, 1]), result('SDK', [2, 3, 4]), result(onRef('SDK', ref), [1, 2, 2])];
    expect(compareOnTrees('PATCH', results, ref, (r) => `${r.perRunMs} ms`)).toEqual([{ figure: 'PATCH: SDK', ref: '1 ms', work: '2 ms', ratio: 2 }]);
    expect(compareOnTrees('PATCH', results, undefined, (r) => `${r.perRunMs}`)).toEqual([]);
  });
});
