import { Argument, Command, Option } from '@commander-js/extra-typings';
import { EXIT, type ExitCode } from '@network-org/cli-kit';
import { commandSpecs, kebab, type CommandSpec, type FlagSpec } from './commands/specs';
import type { FlagValues } from './input/request';
import { failureText } from './errors';
import { API_SUMMARY, argumentTerm, groupSummary, COMPLETION_DESCRIPTION, CONFIG_DESCRIPTION, PROGRAM_DESCRIPTION, prose, ROOT_HELP } from './help';
import { collect, repeat } from './input/values';
import { OUTPUT_FORMATS } from './output/formats';

declare const __VERSION__: string | undefined;
const VERSION = typeof __VERSION__ === 'string' ? __VERSION__ : '0.0.0-dev';

// Any command of the tree: it is generated at run time, so its arguments and options are not known statically.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- commander's typings take no wider type
type AnyCommand = Command<any[], any, any>;

function optionOf(flag: FlagSpec): Option {
  const { input } = flag;
  const type = input.type === 'array' ? (input.items?.type ?? 'string') : input.type === 'object' ? 'json' : input.type;
  const notes: string[] = [];
  if (input.required) notes.push('required');
  if (flag.repeatable) notes.push('repeatable, or comma-separated');
  if (input.minimum !== undefined && input.maximum !== undefined) notes.push(`${input.minimum} to ${input.maximum}`);
  else if (input.minimum !== undefined) notes.push(`at least ${input.minimum}`);
  else if (input.maximum !== undefined) notes.push(`at most ${input.maximum}`);
  if (input.nullable) notes.push('null clears');
  if (input.default !== undefined) notes.push(`default: ${String(input.default)}`);
  if (flag.flag !== kebab(input.name)) notes.push(`the API's "${input.name}" parameter`);
  const option = new Option(`--${flag.flag} <${type}>`, `${prose(flag.description)}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`);
  if (flag.repeatable) {
    option.argParser(collect);
    // Listed in help and completion; checked with the other values when the command runs.
    if (flag.choices) option.argChoices = [...flag.choices];
  } else if (flag.choices) option.choices(flag.choices);
  return option;
}

/** The flags every command that calls the API shares. */
function commonOptions(command: AnyCommand, list: CommandSpec['list'] | 'any', write: boolean | 'any'): void {
  command.addOption(new Option('--output <format>', 'output format (default: table on a terminal, json otherwise)').choices(OUTPUT_FORMATS));
  command.addOption(new Option('--format <format>', 'the same as --output').choices(OUTPUT_FORMATS));
  command.option('--query <jmespath>', 'a JMESPath expression over what --output json prints, e.g. "[].name"');
  if (list === 'any' || list?.paged) {
    command.option('--all', 'walk every page; json and jsonl are written as pages arrive');
    command.option('--max-items <n>', 'walk pages until N items, and stop there (integer, at least 1)');
    if (list !== 'any') command.option('--page-size <n>', 'items per page: the request\'s --limit');
    command.option('--page-info', 'with --output json: print {items, pagination} (pagination.next_cursor is the next page\'s --cursor)');
  }
  if (write === 'any' || write) command.option('--dry-run', 'print the request it would send (method, path, body) and send nothing');
  command.option('--profile <name>', 'a profile of `network-org config` (default: NETWORK_API_KEY and NETWORK_BASE_URL, else the current profile)');
  command.option('--base-url <url>', 'the API base URL (beats NETWORK_BASE_URL and the profile\'s)');
  command.option('--debug', 'log each request (method, path, status, time, attempt; never the key) to stderr, as NETWORK_LOG=debug');
  command.option('--mock', 'answer offline from an in-process @network-org/mock, as its admin');
  command.option('--state-file <file>', 'start the mock from this state file when it exists and save its state there at exit (implies --mock)');
  // The flag's earlier name, kept working for scripts that use it.
  command.addOption(new Option('--mock-state <file>').hideHelp());
}

/** Usage errors as one line on stderr naming the command's help; commander's exits thrown, not taken. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any command of the tree, whatever it parses
function conventions<C extends Command<any, any, any>>(command: C, words: readonly string[]): C {
  const hint = `see \`${['network-org', ...words].join(' ')} --help\``;
  command
    .exitOverride()
    .showSuggestionAfterError()
    .configureOutput({
      outputError: (text, write) => {
        const message = text.replace(/^error:\s*/, '').replace(/\s+/g, ' ').trim();
        write(`${failureText({ line: `network-org: ${text.replace(/\s+/g, ' ').trim()} (${hint})`, json: { status: null, code: 'usage_error', message, hint } })}\n`);
      },
    });
  return command;
}

export interface Outcome {
  exit: ExitCode;
  /** The words of the command that ran, for messages. */
  words: readonly string[];
  /** The keys this run holds (added when it connects): kept out of every line printed on stderr. */
  readonly secrets: string[];
}

function operationCommand(parent: AnyCommand, spec: CommandSpec, outcome: Outcome): void {
  const name = spec.words.at(-1)!;
  const command = conventions(parent.command(name) as AnyCommand, spec.words)
    .summary(prose(spec.summary))
    .description(`${prose(spec.summary)}. ${prose(spec.description)}\n\n${spec.method} ${spec.path}`);
  for (const argument of spec.arguments) {
    // A bulk run (--from-csv) takes its ids from the file, so the argument is optional where it may.
    const label = argumentTerm(spec, argument.label);
    command.addArgument(new Argument(label, `${prose(argument.description)}${spec.customFields ? ' (required unless --from-csv)' : ''}`));
  }
  for (const flag of spec.flags) command.addOption(optionOf(flag));
  if (spec.flags.some((flag) => flag.input.in === 'body') || spec.customFields) {
    command.option('--data <json>', 'the request body: JSON text, @FILE or - (standard input); flags override its fields');
  }
  if (spec.tagEdits) {
    command.option('--add-tag <name[:color]>', `add a tag (color default green; repeatable)`, repeat);
    command.option('--remove-tag <name>', 'remove a tag by name (repeatable)', repeat);
    command.option('--set-tag <name[:color]>', 'replace every tag with these (repeatable; not with --add-tag or --remove-tag)', repeat);
    command.option('--notes <json>', 'the notes as JSON text; null clears them');
  }
  if (spec.customFields) {
    command.option('--field <name=value>', 'set a custom field by registered name, typed as registered; NAME= clears it (repeatable)', repeat);
    command.option('--from-csv <file>', 'bulk: one update per row (columns in --help below)');
    command.option('--strict-columns', 'bulk: refuse columns the API cannot write instead of ignoring them');
    command.option('--failures <file>', 'bulk: write the rows that failed, with their line and error, as CSV');
    command.option('--resume', 'bulk: continue after the last row the checkpoint says was sent');
    command.option('--checkpoint <file>', 'bulk: where progress is kept (default: the CSV file\'s path + .checkpoint.json)');
    command.option('--redis-url <url>', 'bulk: share the pacing budget with other processes through Redis');
  }
  commonOptions(command, spec.list, spec.method !== 'GET');
  const id = spec.arguments[0]?.name ?? 'id';
  const bulkHelp = spec.customFields
    ? `\nBulk (--from-csv FILE): header columns ${id}, account_id, add_tags, remove_tags, set_tags (each ;-separated NAME[:COLOR]),\nnotes_json (JSON text or null), and one column per custom field by registered name; an empty cell leaves a value alone.\nA \`${spec.words[0]} list --output csv\` export is taken back as it is: tags as set_tags, read-only columns ignored\n(--strict-columns refuses them). --dry-run checks every row and sends nothing.`
    : '';
  command.addHelpText('after', `${bulkHelp}${bulkHelp ? '\n' : ''}\nExample (offline; drop --mock to use NETWORK_BASE_URL):\n  ${spec.example}\n`);
  command.action(async (...params) => {
    const self = params.at(-1) as AnyCommand;
    outcome.words = spec.words;
    const { runOperation } = await import('./commands/run');
    outcome.exit = await runOperation(spec, self.args, self.opts() as FlagValues, outcome.secrets);
  });
}

/** The whole command tree: a command per operation of the route table, `api`, `config` and `completion`. */
export function buildProgram(outcome: Outcome): AnyCommand {
  const program = conventions<AnyCommand>(new Command('network-org'), [])
    .description(PROGRAM_DESCRIPTION)
    .version(VERSION, '-v, --version')
    .addHelpText('after', ROOT_HELP);
  const groups = new Map<string, AnyCommand>();
  for (const spec of commandSpecs) {
    if (spec.words.length === 1) {
      operationCommand(program, spec, outcome);
      continue;
    }
    const resource = spec.words[0]!;
    let group = groups.get(resource);
    if (!group) {
      group = conventions(program.command(resource) as AnyCommand, [resource]);
      groups.set(resource, group);
    }
    operationCommand(group, spec, outcome);
  }
  for (const [resource, group] of groups) {
    const verbs = groupSummary(commandSpecs.filter((spec) => spec.words.length > 1 && spec.words[0] === resource));
    group.description(`${resource}: ${verbs}`).summary(verbs);
  }

  const api = conventions(new Command('api'), ['api'])
    .summary(API_SUMMARY)
    .description('Sends METHOD PATH through the operation it names in the route table (an unknown route is a usage error naming the closest). The query string is the parameters; --data the body. Prints what the operation\'s command prints.')
    .argument('<METHOD>', 'GET, POST or PATCH')
    .argument('<PATH>', 'the path and query, e.g. \'/v1/contacts?tag=Customer&limit=5\'')
    .option('--data <json>', 'the request body: JSON text, @FILE or - (standard input)');
  commonOptions(api, 'any', 'any');
  program.addCommand(api);
  api.addHelpText('after', `\nExample:\n  network-org api PATCH /v1/contacts/1000001 --data '{"account_id":"101","tags":{"add":[{"name":"vip","color":"green"}]}}' --mock\n`);
  api.action(async (method, path, values) => {
    outcome.words = ['api'];
    const { runApi } = await import('./commands/api');
    outcome.exit = await runApi(method, path, values, outcome.secrets);
  });

  const config = conventions(new Command('config'), ['config']).description(CONFIG_DESCRIPTION);
  program.addCommand(config);
  const set = conventions(new Command('set'), ['config', 'set'])
    .description('add or change a profile; the first one becomes the current one')
    .argument('<NAME>', 'the profile name')
    .option('--base-url <url>', 'the API base URL')
    .option('--api-key <key>', 'the API key, or - to read it from standard input (keeps it out of the shell history)')
    .addHelpText('after', '\nExample:\n  printf %s "$KEY" | network-org config set work --base-url https://api.example.com --api-key -\n')
    .action(async (name, values) => {
      outcome.words = ['config', 'set'];
      const { configSet } = await import('./commands/config');
      process.stdout.write(configSet(name, values));
    });
  const list = conventions(new Command('list'), ['config', 'list'])
    .description('the profiles, their base URLs and whether each has a key (* marks the current one)')
    .action(async () => {
      const { configList } = await import('./commands/config');
      process.stdout.write(configList());
    });
  const use = conventions(new Command('use'), ['config', 'use'])
    .description('make a profile the current one')
    .argument('<NAME>', 'the profile name')
    .action(async (name) => {
      outcome.words = ['config', 'use'];
      const { configUse } = await import('./commands/config');
      process.stdout.write(configUse(name));
    });
  config.addCommand(set).addCommand(list).addCommand(use);

  const completion = conventions(new Command('completion'), ['completion'])
    .description(COMPLETION_DESCRIPTION)
    .addArgument(new Argument('<shell>', 'the shell').choices(['bash', 'zsh', 'fish']))
    .addHelpText('after', '\nExamples:\n  source <(network-org completion bash)\n  network-org completion fish | source\n')
    .action(async (shell) => {
      const { completionScript } = await import('./commands/completion');
      process.stdout.write(completionScript(shell, program));
    });
  program.addCommand(completion);
  return program;
}

export { EXIT };
