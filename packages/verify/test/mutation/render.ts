import { EXCEPTIONS, exceptionOf } from './exceptions';
import { MUTATION_CLASSES, type MutationClass } from './generate';
import { type MutationResult, tally } from './score';

const CLASS_TITLE: Record<MutationClass, string> = {
  field: 'Every response field the mock sends, at any depth: renamed, dropped, retyped to each other JSON type, out of its enum, its format broken (date-time, URI, the id pattern)',
  operation: 'Every operation: each status it answered, answered as each other documented status; an error code swapped; the message dropped; another content type; the data envelope removed or one added',
  list: "Every list operation: next_cursor dropped while has_more; has_more false on a full page; a wrong limit echo; the clamp (or activity's bounds) broken; a wrong default; an item repeated across pages; a cursor ignored",
  input: 'Every documented query parameter and body field: ignored (the mock asked again without it)',
  auth: 'Auth: each 401 answered as a 403 and each 403 as a 401; the member key served as the admin',
  header: "The headers the description names. Every operation's Content-Type: errors labelled application/problem+json or text/plain or not labelled; successes labelled text/json or not labelled. Authorization: missing, or in another scheme than Bearer, served as the admin. Where the suite sees a 429 (the rate-limit probe): its Retry-After an HTTP date, past the 10 s window, in milliseconds, negative, zero, fractional or missing",
  provoked: 'Every 400 and 404 an operation answered to the invalid input verify sends: answered 422, with the code validation_error, or accepted (200 with an empty data)',
  page: 'Every list, on the pages a cursor leads to only: the filters forgotten, the page empty, the first page again, an item left out, a cursor on the last page',
  memory: 'Writes with memory: the write answers right, and the next reads by other operations lose its effect (tags, notes, a custom field, a lookup result, an imported contact, a created view) or show a change it did not make',
  enum: 'Every response field with an enum of two values or more: each value answered as the next value of its enum',
  form: "From the rule map, every query array's comma-separated form: refused (400), or read as its first value only",
  boundary: "From the rule map, the activity window's bounds on the list and the summary: from made exclusive, to made inclusive (by a millisecond), the echo as asked",
  search: 'From the rule map, every documented search input of query, search and company_name: ignored (the contacts it alone matches left out)',
  'value-type': 'From the rule map, every value type of a custom field: its fields dropped from the contact answered, or answered as another type; null no longer clearing',
  'error-detail': 'From the rule map, every error code the suite sees and every documented message: the code renamed (unauthenticated, too_many_requests, ...), the message reworded',
};

const CLASSES = MUTATION_CLASSES;
const HOW: Record<string, string> = {
  differ: 'a scenario differs',
  error: 'a scenario errors (a 429 that stays after the waits is an error by design, never a difference)',
  refused: 'verify refuses to run (the start check: the key refused, or no API at the base URL)',
};

const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)}%`);
const code = (text: string) => `\`${text.replace(/`/g, "'")}\``;

/** The score of `results`: caught (named right) over reached, per class, how, by which scenarios, and what was not. */
export function renderScore(results: readonly MutationResult[]): string {
  const counts = tally(results);
  const sum = (key: keyof (typeof counts)[MutationClass]) => Object.values(counts).reduce((total, c) => total + c[key], 0);
  const all = { total: sum('total'), caught: sum('caught'), wronglyNamed: sum('wronglyNamed'), missed: sum('missed'), unreached: sum('unreached') };
  const lines = [
    `**${all.caught} caught of ${all.total - all.unreached} reached (${percent(all.caught, all.total - all.unreached)}); ${all.wronglyNamed} noticed, wrongly named; ${all.missed} missed; ${all.unreached} not reached; ${all.total} drifts in all.**`,
    '',
    'A drift is caught when a scenario names the drifted operation (and the drifted field, for a drift of one field); one that only makes some other scenario differ, or verify refuse to start on another operation, is *noticed, wrongly named*.',
    '',
    '| class | drifts | reached | caught | noticed, wrongly named | missed | not reached | score |',
    '|---|---|---|---|---|---|---|---|',
    ...CLASSES.map((klass) => {
      const c = counts[klass];
      return `| ${klass} | ${c.total} | ${c.total - c.unreached} | ${c.caught} | ${c.wronglyNamed} | ${c.missed} | ${c.unreached} | ${percent(c.caught, c.total - c.unreached)} |`;
    }),
    '',
    ...CLASSES.map((klass) => `- **${klass}**: ${CLASS_TITLE[klass]}.`),
    '',
    '### How they were caught',
    '',
    '| how | drifts |',
    '|---|---|',
    ...Object.entries(HOW).map(([how, text]) => `| ${text} | ${results.filter((r) => r.outcome === 'caught' && r.by?.how === how).length} |`),
    '',
    'Each drift runs until the first scenario that names it; the scenario that caught it, by behaviour:',
    '',
    '| scenario | operation | behaviour | drifts caught |',
    '|---|---|---|---|',
  ];
  const byScenario = new Map<string, { operation: string; behaviour: string; count: number }>();
  for (const { by, outcome } of results) {
    if (!by || outcome !== 'caught') continue;
    const entry = byScenario.get(by.scenario) ?? { operation: by.operation, behaviour: by.behaviour, count: 0 };
    entry.count++;
    byScenario.set(by.scenario, entry);
  }
  for (const [scenario, { operation, behaviour, count }] of [...byScenario].sort(([a, x], [b, y]) => y.count - x.count || a.localeCompare(b))) {
    lines.push(`| ${code(scenario)} | ${code(operation)} | ${behaviour} | ${count} |`);
  }
  const notCaught = results.filter((r) => r.outcome === 'missed' || r.outcome === 'wrongly named');
  lines.push('', '### Not caught, and why', '');
  if (notCaught.length === 0) lines.push('None: every reached drift is caught.');
  for (const exception of EXCEPTIONS) {
    const under = notCaught.filter((r) => exceptionOf(r.mutation) === exception);
    if (under.length > 0) lines.push(`- ${exception.reason} (${under.length}: ${under.map((r) => `${code(r.mutation.id)} ${r.outcome}`).join(', ')})`);
  }
  const unexplained = notCaught.filter((r) => !exceptionOf(r.mutation));
  if (unexplained.length > 0) lines.push(`- Not explained: ${unexplained.map((r) => `${code(r.mutation.id)} ${r.outcome}${r.by ? ` (by ${code(r.by.scenario)})` : ''}`).join(', ')}`);
  lines.push('', '### Not reached, by class', '', 'A drift that changes no answer the suite receives cannot be seen by any check: no scenario asks for what it changes.', '');
  for (const klass of CLASSES) {
    const unreached = results.filter((r) => r.mutation.class === klass && r.outcome === 'not reached');
    if (unreached.length > 0) lines.push(`- **${klass}** (${unreached.length}): ${unreached.map((r) => code(r.mutation.id.replace(`${klass} `, ''))).join(', ')}`);
  }
  return `${lines.join('\n')}\n`;
}
