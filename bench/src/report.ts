/** A measured target of the issue: met or not, with the number that decides it. */
export interface TargetCheck {
  target: string;
  measured: string;
  met: boolean;
}

export interface Section {
  title: string;
  /** What was measured and how, in a sentence or two. */
  method: string;
  columns: string[];
  rows: string[][];
  targets: TargetCheck[];
}

function table(columns: readonly string[], rows: readonly string[][]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(columns), line(columns.map(() => '---')), ...rows.map(line)].join('\n');
}

export function sectionMarkdown(section: Section): string {
  const parts = [`### ${section.title}`, section.method, table(section.columns, section.rows)];
  if (section.targets.length > 0) {
    parts.push(section.targets.map((check) => `- ${check.met ? 'met' : '**NOT met**'}: ${check.target} (measured ${check.measured})`).join('\n'));
  }
  return parts.join('\n\n');
}

export function targetsMarkdown(sections: readonly Section[]): string {
  const checks = sections.flatMap((section) => section.targets);
  return table(
    ['target', 'measured', 'status'],
    checks.map((check) => [check.target, check.measured, check.met ? 'met' : '**NOT met**']),
  );
}
