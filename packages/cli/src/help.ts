import { commandSpecs, type CommandSpec } from './commands/specs';

// `network-org --help` and `network-org <group> --help` print from here without loading commander or building the
// command tree (a person waits for them). The text is commander's layout of the same tree, which `program.ts`
// builds from these very strings; test/help.test.ts holds the two equal at several widths.

/** The spec's prose on one line for help: markdown emphasis and the decision markers dropped. */
export const prose = (text: string): string => text.replace(/\s*\*\(network-org\s+decision\)\*/g, '').replace(/\s+/g, ' ').trim();

export const PROGRAM_DESCRIPTION = 'The Professional-Network Organization Data API from the terminal: one command per operation.';
export const API_SUMMARY = 'any route, by METHOD and PATH (like `gh api`)';
export const CONFIG_DESCRIPTION = 'profiles: set, list, use (kept in $XDG_CONFIG_HOME/network-org/config.json, mode 0600; keys are never printed)';
export const COMPLETION_DESCRIPTION = 'print a completion script: commands, flags and enum values';
const HELP_DESCRIPTION = 'display help for command';

export const ROOT_HELP = `
Keys and targets:
  NETWORK_API_KEY, NETWORK_BASE_URL   the key and the API's base URL (--base-url URL beats the variable)
  --profile NAME                      a profile saved with \`network-org config set\`
  --mock                              offline, an in-process mock as its admin (needs @network-org/mock)
  --debug                             each request on stderr (method, path, status, time, attempt), as NETWORK_LOG=debug

Exit codes: 0 success, 1 the API answered an error, 2 usage error (nothing sent),
3 transport failure or timeout, 4 a bulk run in which some rows failed, 130 Ctrl-C, 143 SIGTERM.
With --output json or jsonl, an error is one JSON object on stderr: {status, code, message, hint}.

Examples:
  network-org contacts list --mock --tag Customer --output csv
  network-org activity summary --mock --from 2026-01-08 --to 2026-01-15
  network-org api GET '/v1/contacts?limit=2' --mock
`;

/** The operations' groups (`contacts`: list, import, ...) in the order the route table first names them. */
export function operationGroups(specs: readonly CommandSpec[] = commandSpecs): Map<string, CommandSpec[]> {
  const groups = new Map<string, CommandSpec[]>();
  for (const spec of specs) {
    if (spec.words.length === 1) continue;
    const resource = spec.words[0] as string;
    groups.set(resource, [...(groups.get(resource) ?? []), spec]);
  }
  return groups;
}

/** A group's summary in the root's list: its verbs. */
export const groupSummary = (specs: readonly CommandSpec[]): string => specs.map((spec) => spec.words.at(-1)).join(', ');

/** An operation's positional argument as its command's usage shows it: optional where a bulk run supplies it. */
export const argumentTerm = (spec: CommandSpec, label: string): string => (spec.customFields ? `[${label}]` : `<${label}>`);

// Commander's layout: an item's term padded to the longest term, its description wrapped at the width beside it.
const MIN_WIDTH_TO_WRAP = 40;

function wrap(text: string, width: number): string {
  if (width < MIN_WIDTH_TO_WRAP) return text;
  return text
    .split(/\r\n|\n/)
    .map((line) => {
      const chunks = line.match(/\s*\S+/g);
      if (!chunks) return '';
      const lines: string[] = [];
      let current = chunks[0] as string;
      for (const chunk of chunks.slice(1)) {
        if (current.length + chunk.length <= width) current += chunk;
        else {
          lines.push(current);
          current = chunk.trimStart();
        }
      }
      lines.push(current);
      return lines.join('\n');
    })
    .join('\n');
}

type Item = readonly [term: string, description: string];

function layout(usage: string, description: string, sections: readonly (readonly [string, readonly Item[]])[], width: number): string {
  const termWidth = Math.max(...sections.flatMap(([, items]) => items.map(([term]) => term.length)));
  const item = ([term, text]: Item) => {
    const room = width - termWidth - 4;
    const body = room < MIN_WIDTH_TO_WRAP || /\n[^\S\r\n]/.test(text) ? text : wrap(text, room).replace(/\n/g, `\n${' '.repeat(termWidth + 2)}`);
    return `  ${term.padEnd(termWidth)}  ${body.replace(/\n/g, '\n  ')}`;
  };
  const lines = [`Usage: ${usage}`, '', wrap(description, width), ''];
  for (const [heading, items] of sections) lines.push(heading, ...items.map(item), '');
  return lines.join('\n');
}

const HELP_ITEM: Item = ['-h, --help', HELP_DESCRIPTION];
const HELP_COMMAND: Item = ['help [command]', HELP_DESCRIPTION];

function rootHelp(width: number): string {
  const groups = operationGroups();
  const commands: Item[] = [];
  const listed = new Set<string>();
  for (const spec of commandSpecs) {
    const [first] = spec.words as [string];
    if (spec.words.length === 1) commands.push([[`${first} [options]`, ...spec.arguments.map((a) => argumentTerm(spec, a.label))].join(' '), prose(spec.summary)]);
    else if (!listed.has(first)) {
      listed.add(first);
      commands.push([first, groupSummary(groups.get(first) ?? [])]);
    }
  }
  commands.push(['api [options] <METHOD> <PATH>', API_SUMMARY], ['config', CONFIG_DESCRIPTION], ['completion <shell>', COMPLETION_DESCRIPTION], HELP_COMMAND);
  const options: Item[] = [['-v, --version', 'output the version number'], HELP_ITEM];
  return `${layout('network-org [options] [command]', PROGRAM_DESCRIPTION, [['Options:', options], ['Commands:', commands]], width)}${ROOT_HELP}\n`;
}

function groupHelp(resource: string, specs: readonly CommandSpec[], width: number): string {
  const commands: Item[] = specs.map((spec) => [
    [`${spec.words.at(-1)} [options]`, ...spec.arguments.map((a) => argumentTerm(spec, a.label))].join(' '),
    prose(spec.summary),
  ]);
  commands.push(HELP_COMMAND);
  return layout(`network-org ${resource} [options] [command]`, `${resource}: ${groupSummary(specs)}`, [['Options:', [HELP_ITEM]], ['Commands:', commands]], width);
}

const isHelpFlag = (word: string | undefined) => word === '--help' || word === '-h';

/**
 * The help `argv` asks for, when it asks only for the program's or an operation group's (`--help`, `-h`,
 * `contacts --help`); otherwise undefined, and commander parses `argv` as usual. `width` is the terminal's, as
 * commander takes it (80 when the output is no terminal).
 */
export function quickHelp(argv: readonly string[], width = 80): string | undefined {
  if (argv.length === 1 && isHelpFlag(argv[0])) return rootHelp(width);
  if (argv.length !== 2 || !isHelpFlag(argv[1])) return undefined;
  const resource = argv[0] as string;
  const specs = operationGroups().get(resource);
  return specs ? groupHelp(resource, specs, width) : undefined;
}
