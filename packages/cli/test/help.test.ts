import { CommanderError } from '@commander-js/extra-typings';
import { describe, expect, it } from 'vitest';
import { EXIT } from '@network-org/cli-kit';
import { operationGroups, quickHelp } from '../src/help';
import { buildProgram } from '../src/program';
import { runInProcess } from './support/in-process';

type AnyCommand = ReturnType<typeof buildProgram>;

/** What commander prints for `argv` with the whole command tree, at a terminal `width` columns wide. */
async function commanderHelp(argv: string[], width: number): Promise<string> {
  const program = buildProgram({ exit: EXIT.ok, words: [], secrets: [] });
  let out = '';
  const configure = (command: AnyCommand) => {
    command.configureOutput({ writeOut: (text) => (out += text), getOutHelpWidth: () => width });
    for (const sub of command.commands) configure(sub as AnyCommand);
  };
  configure(program);
  await expect(program.parseAsync(argv, { from: 'user' })).rejects.toSatisfy((error) => error instanceof CommanderError && error.code === 'commander.helpDisplayed');
  return out;
}

const groups = [...operationGroups().keys()];

// `--help` and a group's `--help` print without commander (cli.ts); the text must be what commander prints.
describe('network-org --help and <group> --help without commander', () => {
  it.each([40, 60, 80, 100, 200])('print what commander prints for the whole tree at %i columns', async (width) => {
    for (const argv of [['--help'], ['-h'], ...groups.flatMap((group) => [[group, '--help'], [group, '-h']])]) {
      const quick = quickHelp(argv, width);
      expect(quick, argv.join(' ')).toBeDefined();
      expect(quick, argv.join(' ')).toBe(await commanderHelp(argv, width));
    }
  });

  it('names every group of the tree, and leaves anything else to commander', () => {
    expect(groups).toEqual(['accounts', 'activity', 'contacts', 'companies', 'conversations', 'drafts', 'views']);
    for (const argv of [[], ['help'], ['help', 'contacts'], ['config', '--help'], ['contacts', 'list', '--help'], ['organization', '--help'], ['--version'], ['--help', 'contacts'], ['nothing', '--help']]) {
      expect(quickHelp(argv), argv.join(' ')).toBeUndefined();
    }
  });
});

describe('help as a command', () => {
  it('`help` and `help <group>` print the help and exit 0; a group without its verb is a usage error', async () => {
    const root = await runInProcess(['help']);
    expect(root.code).toBe(EXIT.ok);
    expect(root.stdout).toContain('Usage: network-org [options] [command]');
    const group = await runInProcess(['help', 'contacts']);
    expect(group.code).toBe(EXIT.ok);
    expect(group.stdout).toContain('Usage: network-org contacts [options] [command]');
    const missingVerb = await runInProcess(['contacts']);
    expect(missingVerb.code).toBe(EXIT.usage);
  });
});
