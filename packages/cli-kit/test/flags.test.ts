import { describe, expect, it } from 'vitest';
import { defineFlags, flagHelp, FlagValueError, integerFlag, readFlags, UsageError } from '@network-org/cli-kit';

const table = defineFlags({
  port: { flag: '--port <n>', help: 'port to listen on', env: ['APP_PORT', 'PORT'], parse: integerFlag(0, 65_535) },
  limit: {
    flag: '--limit <n>',
    help: 'a limit',
    off: { flag: '--no-limit', help: 'no limit' },
    env: ['APP_LIMIT'],
    parse: (text: string) => {
      if (!/^\d+$/.test(text)) throw new FlagValueError(`must be a count, got ${JSON.stringify(text)}`);
      return Number(text);
    },
  },
  bodies: { off: { flag: '--no-bodies', help: 'keep no bodies' }, env: ['APP_BODIES'] },
  help: { flag: '--help', short: 'h', help: 'show this help' },
});

describe('readFlags', () => {
  it('reads flags, then the first variable set for each setting no flag gave', () => {
    const { values, sources, positionals } = readFlags(table, ['serve', '--limit', '5'], { PORT: '81', APP_LIMIT: '9', APP_BODIES: 'off' });
    expect(values).toEqual({ port: 81, limit: 5, bodies: false });
    expect(sources).toEqual({ port: 'PORT', limit: '--limit', bodies: 'APP_BODIES' });
    expect(positionals).toEqual(['serve']);
    expect(readFlags(table, [], { PORT: '81', APP_PORT: '82' }).values.port).toBe(82);
  });

  it('a flag beats its variable without reading it; an empty variable counts as unset', () => {
    expect(readFlags(table, ['--port', '1'], { APP_PORT: 'bad' }).values.port).toBe(1);
    expect(readFlags(table, ['--no-limit'], { APP_LIMIT: '3' }).values.limit).toBe(false);
    expect(readFlags(table, [], { APP_PORT: '', PORT: '7' }).values.port).toBe(7);
    expect(readFlags(table, [], { APP_PORT: '' }).values).toEqual({});
  });

  it('takes off for a setting that can be turned off, and on/off for a switch', () => {
    expect(readFlags(table, [], { APP_LIMIT: 'off' }).values.limit).toBe(false);
    expect(readFlags(table, [], { APP_BODIES: 'on' }).values.bodies).toBe(true);
    expect(readFlags(table, [], { APP_BODIES: 'yes' }).values.bodies).toBe(true);
    expect(readFlags(table, [], { APP_BODIES: 'No' }).values.bodies).toBe(false);
    expect(readFlags(table, ['-h'], {}).values.help).toBe(true);
  });

  it('refuses a bad value as a usage error naming the flag or the variable and what it takes', () => {
    expect(() => readFlags(table, ['--port', '70000'], {})).toThrow(new UsageError('--port must be an integer from 0 to 65535, got "70000"'));
    expect(() => readFlags(table, [], { PORT: 'x' })).toThrow(new UsageError('PORT must be an integer from 0 to 65535, got "x" (it sets --port)'));
    expect(() => readFlags(table, [], { APP_LIMIT: 'lots' })).toThrow('APP_LIMIT must be off or a count, got "lots" (it sets --limit or --no-limit)');
    expect(() => readFlags(table, [], { APP_BODIES: 'maybe' })).toThrow('APP_BODIES must be on or off, got "maybe" (it sets --no-bodies)');
    expect(() => readFlags(table, ['--limit', '1', '--no-limit'], {})).toThrow('--limit and --no-limit exclude each other');
    expect(() => readFlags(table, ['--nope'], {})).toThrow(/Unknown option '--nope'/);
  });
});

describe('flagHelp', () => {
  it('continues a help of several lines under its first line\'s text', () => {
    const help = flagHelp(defineFlags({ list: { flag: '--list <a,b>', help: 'these names,\nor all', parse: (text) => text }, help: { flag: '--help', help: 'this text' } }));
    expect(help).toBe(['Options:', '  --list <a,b>  these names,', '                or all', '  --help        this text'].join('\n'));
  });

  it('lists every flag with its help, and every variable with what it sets', () => {
    expect(flagHelp(table)).toBe(
      [
        'Options:',
        '  --port <n>   port to listen on',
        '  --limit <n>  a limit',
        '  --no-limit   no limit',
        '  --no-bodies  keep no bodies',
        '  -h, --help   show this help',
        '',
        'Environment (a flag beats its variable; an empty variable counts as unset):',
        '  APP_PORT, PORT  --port <n>',
        '  APP_LIMIT       --limit <n>, or off for --no-limit',
        '  APP_BODIES      off for --no-bodies',
      ].join('\n'),
    );
  });
});
