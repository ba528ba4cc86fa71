/** A measured target of the issue: met or not, with the number that decides it. */
export interface TargetCheck {
  target: string;
  measured: string;
  met: boolean;
}

import type { Comparison } from './lib/against';

export interface Section {
  title: string;
  /** What was measured and how, in a sentence or two. */
  method: string;
  columns: string[];
  rows: string[][];
  targets: TargetCheck[];
  /** With `--against REF`: each figure measured on both trees in the same rounds. */
  comparisons?: Comparison[];
  /** With `--against REF`, when the suite measured the work tree only: why. */
  againstNote?: string;
}

/** The ref's name in the comparison tables; set once per run. */
export const againstLabel = { ref: 'ref' };

function comparisonMarkdown(comparisons: readonly Comparison[]): string {
  return table(
    ['figure', againstLabel.ref, 'work tree', `work / ${againstLabel.ref}`],
    comparisons.map((c) => [c.figure, c.ref, c.work, `${c.ratio >= 1.1 ? '**' : ''}${c.ratio.toFixed(2)}×${c.ratio >= 1.1 ? '**' : ''}`]),
  );
}

function table(columns: readonly string[], rows: readonly string[][]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(columns), line(columns.map(() => '---')), ...rows.map(line)].join('\n');
}

/** A suite's section; `withTargets: false` in the whole report, whose Targets table lists them all once. */
export function sectionMarkdown(section: Section, withTargets = true): string {
  const parts = [`### ${section.title}`, section.method, table(section.columns, section.rows)];
  if (withTargets && section.targets.length > 0) {
    parts.push(section.targets.map((check) => `- ${check.met ? 'met' : '**NOT met**'}: ${check.target} (measured ${check.measured})`).join('\n'));
  }
  if (section.comparisons && section.comparisons.length > 0) {
    parts.push(`Against \`${againstLabel.ref}\`, in the same rounds (time, or the inverse of a rate: above 1× the work tree is slower; **bold** from 1.10×):`);
    parts.push(comparisonMarkdown(section.comparisons));
  }
  if (section.againstNote) parts.push(`Against \`${againstLabel.ref}\`: ${section.againstNote}`);
  return parts.join('\n\n');
}

/** Every suite's comparisons in one table, for the top of a `--against` report. */
export function comparisonsMarkdown(sections: readonly Section[]): string {
  return comparisonMarkdown(sections.flatMap((section) => section.comparisons ?? []));
}

export function targetsMarkdown(sections: readonly Section[]): string {
  const checks = sections.flatMap((section) => section.targets);
  return table(
    ['target', 'measured', 'status'],
    checks.map((check) => [check.target, check.measured, check.met ? 'met' : '**NOT met**']),
  );
}
