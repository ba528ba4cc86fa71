import { isRecordingChange } from '../record/recording';
import type { Difference, Report, ScenarioResult, ShapeObservation } from './types';

export type Format = 'table' | 'json' | 'markdown';
export const FORMATS: readonly Format[] = ['table', 'json', 'markdown'];

const MARK: Record<ScenarioResult['outcome'], string> = { agree: 'agree', differ: 'DIFFER', skipped: 'skipped', error: 'ERROR' };

const differenceText = (d: Difference) => `${d.path ?? '(answer)'}: expected ${d.expected}, got ${d.actual}${d.note ? ` (${d.note})` : ''}`;

function summaryLine(report: Report): string {
  const { agree, differ, skipped, error } = report.summary;
  return `${agree} agree, ${differ} differ, ${error} error, ${skipped} skipped (${report.scenarios.length} scenarios) against ${report.target.base_url}`;
}

function writesLines(report: Report): string[] {
  const { done, undone, left } = report.writes;
  if (done.length === 0 && left.length === 0) return ['Writes: none.'];
  const counts = `Writes: ${done.length} done, ${undone.length} record(s) put back, ${left.length} left`;
  if (left.length === 0) return [`${counts}.`];
  return [`${counts}:`, ...left.map((w) => `  - ${w.operation} ${w.target}: ${w.note}`)];
}

/** Why nothing was checked, when every scenario of the run was skipped (the run then exits 2). */
export function nothingChecked(report: Report): string | undefined {
  if (report.scenarios.length === 0 || report.scenarios.some((s) => s.outcome !== 'skipped')) return undefined;
  const reasons = [...new Set(report.scenarios.map((s) => s.reason ?? 'no reason given'))];
  return `Nothing was checked: every selected scenario was skipped (${reasons.join('; ')}).`;
}

/** A scenario's differences as lines: the changes since a recording are counted here and listed by path below. */
function differenceLines(s: ScenarioResult): string[] {
  const own = s.differences.filter((d) => !isRecordingChange(d));
  const changes = s.differences.length - own.length;
  return [...own.map(differenceText), ...(changes > 0 ? [`changed since the recording: ${changes} change(s), listed by path under "Changed since the recording"`] : [])];
}

/** The changes since a recording, each path once with the scenarios whose answers show it. */
function comparedLines(report: Report): string[] {
  const c = report.compared;
  if (!c) return [];
  const lines = [`Compared with ${c.directory}: ${c.scenarios} scenario(s), ${c.changed} changed${c.missing.length ? `, ${c.missing.length} not in the recording` : ''}.`];
  if (c.changes.length > 0) lines.push('Changed since the recording:');
  for (const change of c.changes) {
    const shown = change.scenarios.slice(0, 8).join(', ');
    const more = change.scenarios.length > 8 ? ` and ${change.scenarios.length - 8} more` : '';
    lines.push(`  - ${change.path}: expected ${change.expected}, got ${change.actual}`, `      in ${shown}${more}`);
  }
  return lines;
}

/** A plain-text table for a terminal: one line per scenario, its differences under it. */
export function renderTable(report: Report): string {
  const width = Math.max(...report.scenarios.map((s) => s.id.length), 8);
  const lines = [`${'scenario'.padEnd(width)}  ${'outcome'.padEnd(7)}  source           operation`];
  for (const s of report.scenarios) {
    lines.push(`${s.id.padEnd(width)}  ${MARK[s.outcome].padEnd(7)}  ${s.source.padEnd(15)}  ${s.operation}`);
    for (const d of differenceLines(s)) lines.push(`${' '.repeat(width + 2)}- ${d}`);
    if (s.reason && s.outcome !== 'agree') lines.push(`${' '.repeat(width + 2)}  ${s.reason}`);
  }
  const nothing = nothingChecked(report);
  lines.push('', summaryLine(report), ...(nothing ? [nothing] : []), ...writesLines(report));
  if (report.discoveries.length > 0) {
    lines.push(`Discoveries (keys the spec does not define): ${report.discoveries.map((d) => `${d.operation} ${d.path}`).join(', ')}`);
  }
  lines.push(...comparedLines(report));
  return `${lines.join('\n')}\n`;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function shapeRows(shape: ShapeObservation): string[] {
  const keys = [...new Set([...Object.keys(shape.spec), ...Object.keys(shape.observed ?? {})])].sort();
  const rows = keys.map((key) => `| \`${cell(key)}\` | ${cell(shape.spec[key] ?? '—')} | ${shape.observed ? cell(shape.observed[key] ?? '—') : 'not seen'} |`);
  const values = Object.entries(shape.values ?? {}).map(([key, seen]) => `values of \`${key}\` seen: ${seen.map((v) => `\`${v}\``).join(', ')}`);
  return [
    `### ${shape.record} (\`${shape.operation}\`, \`${shape.path}\`)`,
    '',
    ...(shape.observed ? [] : ['_The run saw no such record._', '']),
    '| key | spec | observed |',
    '|---|---|---|',
    ...rows,
    '',
    ...values.map((v) => `${v}  `),
    ...(values.length > 0 ? [''] : []),
  ];
}

/** Markdown for an issue or a docs page: summary, scenarios table, differences, writes, shapes. */
export function renderMarkdown(report: Report): string {
  const nothing = nothingChecked(report);
  const lines = [
    `**${summaryLine(report)}**`,
    '',
    ...(nothing ? [nothing, ''] : []),
    '| scenario | operation | source | outcome | title |',
    '|---|---|---|---|---|',
    ...report.scenarios.map((s) => `| \`${s.id}\` | \`${s.operation}\` | ${s.source} | ${MARK[s.outcome]} | ${cell(s.title)} |`),
    '',
  ];
  const notable = report.scenarios.filter((s) => s.outcome === 'differ' || s.outcome === 'error' || s.outcome === 'skipped');
  if (notable.length > 0) {
    lines.push('## Differences, errors and skips', '');
    for (const s of notable) {
      lines.push(`- \`${s.id}\` (${MARK[s.outcome]})${s.reason ? `: ${cell(s.reason)}` : ''}`);
      for (const d of differenceLines(s)) lines.push(`  - ${cell(d)}`);
    }
    lines.push('');
  }
  lines.push('## Writes', '', ...writesLines(report).map((l) => l.replace(/^ {2}/, '')), '');
  lines.push('## Discoveries', '');
  lines.push(...(report.discoveries.length > 0 ? report.discoveries.map((d) => `- \`${d.operation}\` \`${d.path}\`: ${d.note}`) : ['None: every key of every answer is in the spec.']), '');
  if (report.compared) {
    const c = report.compared;
    lines.push('## Compared with a recording', '', `${c.directory}: ${c.scenarios} scenario(s) compared, ${c.changed} changed.${c.missing.length ? ` Not in the recording: ${c.missing.map((m) => `\`${m}\``).join(', ')}.` : ''}`, '');
    for (const change of c.changes) {
      lines.push(`- \`${cell(change.path)}\`: expected ${cell(change.expected)}, got ${cell(change.actual)}`, `  - in ${change.scenarios.map((id) => `\`${id}\``).join(', ')}`);
    }
    if (c.changes.length > 0) lines.push('');
  }
  lines.push('## Records the description does not show: observed beside the spec', '');
  for (const shape of report.shapes) lines.push(...shapeRows(shape));
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}

export function render(report: Report, format: Format): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  return format === 'markdown' ? renderMarkdown(report) : renderTable(report);
}

/** 1 when any scenario differed or errored; 2 when every one was skipped (nothing was checked); else 0. */
export function exitCode(report: Report): 0 | 1 | 2 {
  if (report.summary.differ > 0 || report.summary.error > 0) return 1;
  return nothingChecked(report) ? 2 : 0;
}
