import { rowOf } from './map';
import { RULES, type RuleKind } from './rules';

const KINDS: { kind: RuleKind; title: string }[] = [
  { kind: 'parameter', title: 'Every parameter' },
  { kind: 'form', title: 'Every allowed form of a query array' },
  { kind: 'value', title: "Every enumerated value of a parameter" },
  { kind: 'boundary', title: 'Every boundary' },
  { kind: 'search', title: 'Every documented search input' },
  { kind: 'value type', title: 'Every value type of a write' },
  { kind: 'response', title: 'Every documented response' },
  { kind: 'error code', title: 'Every error code' },
  { kind: 'message', title: 'Every documented error and its message' },
  { kind: 'who sees what', title: 'Who sees what' },
];

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The rule map as docs/parity.md shows it: a table per kind of rule, a row per rule. */
export function renderRules(): string {
  const parts: string[] = [];
  const exercised = RULES.filter((rule) => { const row = rowOf(rule.id); return row && 'scenarios' in row; }).length;
  parts.push(`${RULES.length} rules: ${exercised} exercised by a scenario, ${RULES.length - exercised} that cannot be exercised safely against a real service, each with the reason.`);
  for (const { kind, title } of KINDS) {
    const rules = RULES.filter((rule) => rule.kind === kind);
    parts.push(`#### ${title}\n\n| rule | the documentation says | scenario | check |\n|---|---|---|---|\n${rules
      .map((rule) => {
        const row = rowOf(rule.id);
        if (!row) return `| \`${rule.id}\` | ${cell(rule.says)} | **none** | |`;
        if ('unsafe' in row) return `| \`${rule.id}\` | ${cell(rule.says)} | not exercised | ${cell(row.unsafe)} |`;
        return `| \`${rule.id}\` | ${cell(rule.says)} | ${row.scenarios.map((id) => `\`${id}\``).join(', ')} | ${cell(row.check)} |`;
      })
      .join('\n')}`);
  }
  return parts.join('\n\n');
}
