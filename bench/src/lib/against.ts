import { pairRatio, type Contender, type ContenderResult } from './side-by-side';
import type { Tree } from './trees';

/** One figure measured on both trees in the same rounds (`pnpm bench --against REF`). */
export interface Comparison {
  figure: string;
  /** The figure on the ref, as the suite formats it. */
  ref: string;
  /** The figure on the work tree. */
  work: string;
  /** The work tree's time over the ref's (for a rate: the ref's rate over the work tree's); above 1 is slower. */
  ratio: number;
}

/** A contender's name on the ref; on the work tree it keeps its own name, so the targets read as before. */
export function onRef(name: string, ref: Tree): string {
  return `${name} @ ${ref.label}`;
}

/** The trees a suite measures: the work tree, then the ref if there is one. */
export function treesOf(work: Tree, ref: Tree | undefined): Tree[] {
  return ref ? [work, ref] : [work];
}

/**
 * Contenders that do not depend on a build (raw fetch: the baseline) come first; then those that do, built once
 * per tree, the ref's renamed. All of them run in the same rotation, round by round.
 */
export async function contendersOnTrees(
  fixed: readonly Contender[],
  perTree: (tree: Tree) => Promise<readonly Contender[]> | readonly Contender[],
  work: Tree,
  ref: Tree | undefined,
): Promise<Contender[]> {
  const all = [...fixed, ...(await perTree(work))];
  if (ref) all.push(...(await perTree(ref)).map((contender) => ({ ...contender, name: onRef(contender.name, ref) })));
  return all;
}

/** For every contender that ran on both trees: work against ref, as the median of their per-round ratios. */
export function compareOnTrees(
  call: string,
  results: readonly ContenderResult[],
  ref: Tree | undefined,
  format: (result: ContenderResult) => string,
): Comparison[] {
  if (!ref) return [];
  return results.flatMap((work) => {
    const onRefResult = results.find((result) => result.name === onRef(work.name, ref));
    if (!onRefResult) return [];
    return [{ figure: `${call}: ${work.name}`, ref: format(onRefResult), work: format(work), ratio: pairRatio(work, onRefResult) }];
  });
}
