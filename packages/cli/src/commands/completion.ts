import type { Command } from '@commander-js/extra-typings';

/** A command of the tree as completion sees it. */
interface Node {
  words: string[];
  subcommands: string[];
  /** The values of the command's arguments, where they are a fixed set (`completion bash|zsh|fish`). */
  values: readonly string[];
  flags: { name: string; choices: readonly string[] | undefined; takesValue: boolean }[];
}

/** The flags whose value is a file's path: completed with file names. Any other flag's value is the user's to type. */
const FILE_FLAGS = new Set(['--from-csv', '--failures', '--checkpoint', '--mock-state', '--state-file']);

function nodesOf(command: Command<unknown[], Record<string, unknown>>, words: string[] = []): Node[] {
  const subcommands = command.commands.map((sub) => sub.name());
  const flags = command.options.flatMap((option) =>
    option.long ? [{ name: option.long, choices: option.argChoices, takesValue: option.required || option.optional }] : [],
  );
  flags.push({ name: '--help', choices: undefined, takesValue: false });
  const values = command.registeredArguments.flatMap((argument) => argument.argChoices ?? []);
  const node = { words, subcommands, values, flags };
  return [node, ...command.commands.flatMap((sub) => nodesOf(sub as Command<unknown[], Record<string, unknown>>, [...words, sub.name()]))];
}

const quoteWords = (words: readonly string[]) => words.join(' ');

function bash(nodes: Node[]): string {
  const root = nodes.find((node) => node.words.length === 0)!;
  const groups = nodes.filter((node) => node.words.length === 1 && node.subcommands.length > 0);
  const leaves = nodes.filter((node) => node.words.length > 0 && node.subcommands.length === 0);
  const lines = [
    '# network-org completion for bash: source <(network-org completion bash)',
    '_network_org_files() { COMPREPLY=( $(compgen -f -- "${COMP_WORDS[COMP_CWORD]}") ); }',
    // A value only the user knows (an id, a tag): nothing offered, not even file names.
    '_network_org_none() { COMPREPLY=(); type compopt &>/dev/null && compopt +o default 2>/dev/null; }',
    '_network_org() {',
    '  local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" key="${COMP_WORDS[1]}" words=""',
    '  if (( COMP_CWORD == 1 )); then',
    `    words="${quoteWords(root.subcommands)}"`,
    '  else',
    '    case "${COMP_WORDS[1]}" in',
    ...groups.map((group) => `      ${group.words[0]}) if (( COMP_CWORD == 2 )); then words="${quoteWords(group.subcommands)}"; fi; key="${group.words[0]} \${COMP_WORDS[2]}" ;;`),
    '    esac',
    '    if [[ -z "$words" ]]; then',
    '      case "$key" in',
    ...leaves.map((leaf) => {
      const choices = leaf.flags.filter((flag) => flag.choices);
      const files = leaf.flags.filter((flag) => !flag.choices && FILE_FLAGS.has(flag.name)).map((flag) => flag.name);
      const free = leaf.flags.filter((flag) => !flag.choices && flag.takesValue && !FILE_FLAGS.has(flag.name)).map((flag) => flag.name);
      const byFlag = [
        ...choices.map((flag) => `${flag.name}) words="${quoteWords(flag.choices!)}" ;;`),
        ...(files.length > 0 ? [`${files.join('|')}) _network_org_files; return ;;`] : []),
        ...(free.length > 0 ? [`${free.join('|')}) _network_org_none; return ;;`] : []),
      ].join(' ');
      return `        "${leaf.words.join(' ')}") case "$prev" in ${byFlag} *) words="${quoteWords([...leaf.values, ...leaf.flags.map((flag) => flag.name)])}" ;; esac ;;`;
    }),
    '      esac',
    '    fi',
    '  fi',
    '  COMPREPLY=( $(compgen -W "$words" -- "$cur") )',
    '}',
    'complete -o default -F _network_org network-org',
    '',
  ];
  return lines.join('\n');
}

// zsh completes through the same function, by zsh's own bash completion layer.
const zsh = (nodes: Node[]): string =>
  ['#compdef network-org', '# network-org completion for zsh: source <(network-org completion zsh)', 'autoload -U +X bashcompinit && bashcompinit', bash(nodes)].join('\n');

function fish(nodes: Node[]): string {
  const lines = ['# network-org completion for fish: network-org completion fish | source', 'complete -c network-org -f'];
  const root = nodes.find((node) => node.words.length === 0)!;
  lines.push(`complete -c network-org -n __fish_use_subcommand -a '${quoteWords(root.subcommands)}'`);
  for (const node of nodes) {
    if (node.words.length === 0) continue;
    const seen = node.words.map((word) => `__fish_seen_subcommand_from ${word}`).join('; and ');
    if (node.subcommands.length > 0) {
      lines.push(`complete -c network-org -n '${seen}; and not __fish_seen_subcommand_from ${quoteWords(node.subcommands)}' -a '${quoteWords(node.subcommands)}'`);
      continue;
    }
    if (node.values.length > 0) lines.push(`complete -c network-org -n '${seen}' -a '${quoteWords(node.values)}'`);
    for (const flag of node.flags) {
      const values = flag.choices ? ` -xa '${quoteWords(flag.choices)}'` : FILE_FLAGS.has(flag.name) ? ' -rF' : flag.takesValue ? ' -x' : '';
      lines.push(`complete -c network-org -n '${seen}' -l ${flag.name.slice(2)}${values}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The completion script of a shell: the program's commands, each command's flags, and the values of enum flags. */
export function completionScript(shell: 'bash' | 'zsh' | 'fish', program: Command<unknown[], Record<string, unknown>>): string {
  const nodes = nodesOf(program);
  return shell === 'bash' ? bash(nodes) : shell === 'zsh' ? zsh(nodes) : fish(nodes);
}
