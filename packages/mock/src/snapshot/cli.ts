import { existsSync, readFileSync } from 'node:fs';
import { checkWritableFolder, defineFlags, EXIT, flagHelp, FlagValueError, messageOf, onStopSignal, progressBar, progressLine, readFlags, textFlag, UsageError } from '@network-org/cli-kit';
import { Scrubber } from './scrub';
import { snapshotCheckpoint, snapshotOrganization, type SnapshotProgress } from './take';

const list = (text: string) => {
  const items = text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length === 0) throw new FlagValueError(`must be a comma-separated list, got ${JSON.stringify(text)}`);
  return items;
};

export const SNAPSHOT_FLAGS = defineFlags({
  baseUrl: { flag: '--base-url <url>', help: 'the API', env: ['NETWORK_BASE_URL'], parse: textFlag('a URL') },
  apiKey: { flag: '--api-key <key>', help: 'the key to read with; written nowhere', env: ['NETWORK_API_KEY'], parse: textFlag('a key') },
  out: { flag: '--out <file>', help: 'the state file to write (written whole at the end, never half)', parse: textFlag('a path') },
  accounts: { flag: '--accounts <id,...>', help: 'only these accounts (default: every account the key may use)', parse: list },
  keep: { flag: '--keep <field,...>', help: 'keep these fields as they are (e.g. headline,text)', parse: list },
  salt: {
    flag: '--salt <text>',
    help: 'what the fakes are drawn from: the same salt, the same fakes in every run\n(default: a random one per run, printed on stderr); keep it like a key',
    parse: textFlag('a salt'),
  },
  saltFile: { flag: '--salt-file <path>', help: 'read the salt from this file (kept out of the shell history)', parse: textFlag('a path') },
  scrub: { off: { flag: '--no-scrub', help: 'keep every value as it is (says so on stderr)' } },
  resume: { flag: '--resume', help: 'go on from the checkpoint a stopped run left beside --out, with its salt' },
  help: { flag: '--help', short: 'h', help: 'show this help' },
});

export const SNAPSHOT_USAGE = `Usage: network-mock snapshot --base-url URL --api-key KEY --out FILE [options]

Reads every record the key can see, read operations only (never a write, never a credit spent), paced as the
service asks, and writes a state file that network-mock serve --state-file FILE and createMockApi({ state }) load.
Names, handles, profile URLs, e-mails, phones, places, headlines, role titles, texts and notes are replaced by
fakes of their kind drawn from a secret salt; follower and connection counts are coarsened.

${flagHelp(SNAPSHOT_FLAGS)}`;

/** The salt of `--salt` or `--salt-file` (its first line), or undefined for a random one. */
function saltOf(values: { salt?: string; saltFile?: string }): string | undefined {
  if (values.salt !== undefined && values.saltFile !== undefined) throw new UsageError('--salt and --salt-file exclude each other');
  if (values.saltFile === undefined) return values.salt;
  let text: string;
  try {
    text = readFileSync(values.saltFile, 'utf8');
  } catch (error) {
    throw new UsageError(`--salt-file ${values.saltFile}: cannot be read (${messageOf(error)})`);
  }
  const salt = text.split(/\r?\n/)[0]?.trim() ?? '';
  if (salt === '') throw new UsageError(`--salt-file ${values.saltFile}: its first line is empty; write the salt there`);
  return salt;
}

/** `network-mock snapshot ...`: exits as the other CLIs do (2 usage, 1 an API error or a failed run, 3 transport). */
export async function runSnapshotCommand(args: string[]): Promise<void> {
  let values: ReturnType<typeof readFlags<typeof SNAPSHOT_FLAGS>>['values'];
  let salt: string | undefined;
  try {
    const read = readFlags(SNAPSHOT_FLAGS, args);
    values = read.values;
    if (read.positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(read.positionals[0])}`);
    if (values.help) {
      process.stdout.write(`${SNAPSHOT_USAGE}\n`);
      return;
    }
    if (values.out === undefined) throw new UsageError('--out FILE is required');
    checkWritableFolder('out', values.out);
    if (values.resume && snapshotCheckpoint(values.out).read() === undefined) {
      throw new UsageError(`--resume: no checkpoint beside ${values.out} (${values.out}.parts/); start without --resume`);
    }
    salt = saltOf(values);
    if (!values.apiKey) throw new UsageError('--api-key (or NETWORK_API_KEY) is required');
    if (!values.baseUrl) throw new UsageError('--base-url (or NETWORK_BASE_URL) is required');
  } catch (error) {
    process.stderr.write(`network-mock snapshot: ${messageOf(error)}\n\n${SNAPSHOT_USAGE}\n`);
    process.exitCode = EXIT.usage;
    return;
  }
  const { apiKey, baseUrl, out } = values as { apiKey: string; baseUrl: string; out: string };
  const hide = (text: string) => text.split(apiKey).join('<api-key>');
  let sdk: typeof import('@network-org/sdk');
  try {
    sdk = await import('@network-org/sdk');
  } catch {
    process.stderr.write('network-mock snapshot: reads through @network-org/sdk, which is not installed: npm i -D @network-org/sdk\n');
    process.exitCode = EXIT.usage;
    return;
  }
  const scrub = values.scrub !== false;
  const scrubber = new Scrubber({ ...(salt === undefined ? {} : { salt }), keep: values.keep ?? [], scrub });
  if (!scrub) process.stderr.write('network-mock snapshot: --no-scrub: every name, e-mail, phone, handle, URL and text is kept as it is\n');
  else if (scrubber.saltDrawn && !values.resume) {
    process.stderr.write(
      `network-mock snapshot: the fakes are drawn from a random salt, for this run only: ${scrubber.salt}\n` +
        '  To get the same fakes in a later run, write it to a file only you can read and pass --salt-file FILE.\n' +
        '  Keep it like a key: with it and a list of guesses, anyone can test who is in the snapshot.\n',
    );
  }
  const removeStop = onStopSignal(() => {
    process.stderr.write(`\nnetwork-mock snapshot: stopped; what was read is kept: run again with --resume to go on\n`);
    process.exit(130);
  });
  let latest: SnapshotProgress | undefined;
  const progress = progressLine((onTerminal) => {
    if (!latest) return 'snapshot: starting';
    const { done, total, records, step } = latest;
    return `snapshot ${onTerminal ? `${progressBar(done, total)} ` : ''}${done}/${total} | ${records} records | ${step}`;
  });
  try {
    const client = new sdk.NetworkClient({ apiKey, baseUrl, rateLimit: 'service' });
    const summary = await snapshotOrganization({
      client,
      out,
      scrubber,
      ...(values.accounts ? { accounts: values.accounts } : {}),
      resume: values.resume === true,
      onProgress: (now) => {
        latest = now;
        progress.update();
      },
    });
    progress.stop();
    for (const skipped of summary.skipped) process.stderr.write(`network-mock snapshot: skipped ${hide(skipped)}\n`);
    process.stdout.write(
      `wrote ${summary.out}: ${summary.records} records, ${summary.accounts} accounts, ${summary.contacts} contacts, taken at ${summary.takenAt}${scrub ? '' : ' (not scrubbed)'}\n`,
    );
  } catch (error) {
    progress.stop();
    const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
    const hint = status === 401 || status === 403 ? ' (the key cannot read this organization: use a key of a user who may)' : '';
    const resumable = existsSync(snapshotCheckpoint(out).path) ? `; nothing was written to ${out}: run again with --resume to go on` : `; nothing was written to ${out}`;
    process.stderr.write(`network-mock snapshot: ${hide(messageOf(error))}${hint}${resumable}\n`);
    process.exitCode = error instanceof sdk.ApiConnectionError ? EXIT.transport : EXIT.failure;
  } finally {
    removeStop();
  }
}
