import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { checkWritableFolder, EXIT, messageOf, onStopSignal, UsageError } from '@network-org/cli-kit';
import { Scrubber } from './scrub';
import { takeSnapshot, type SnapshotProgress } from './take';

export const SNAPSHOT_USAGE = `Usage: network-mock snapshot --base-url URL --api-key KEY --out FILE [options]

Reads every record the key can see, read operations only (never a write, never a credit spent), paced as the
service asks, and writes a state file that network-mock serve --state-file FILE and createMockApi({ state }) load.
Names, handles, profile URLs, e-mails, phones, texts and notes are replaced by fakes of the same form, the same
value by the same fake everywhere (from --salt).

Options:
  --base-url <url>       the API (default: NETWORK_BASE_URL)
  --api-key <key>        the key to read with (default: NETWORK_API_KEY); written nowhere
  --out <file>           the state file to write (written whole at the end, never half)
  --accounts <id,...>    only these accounts (default: every account the key may use)
  --keep <field,...>     keep these fields as they are (e.g. headline,text)
  --salt <text>          what the fakes are drawn from (default: none; the same salt gives the same fakes)
  --no-scrub             keep every value as it is (says so on stderr)
  --resume               go on from the checkpoint a stopped run left beside --out
  -h, --help             show this help`;

const list = (text: string | undefined) =>
  text
    ?.split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** `network-mock snapshot ...`: exits as the other CLIs do (2 usage, 1 an API error or a failed run, 3 transport). */
export async function runSnapshotCommand(args: string[]): Promise<void> {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args,
      allowPositionals: false,
      options: {
        'base-url': { type: 'string' },
        'api-key': { type: 'string' },
        out: { type: 'string' },
        accounts: { type: 'string' },
        keep: { type: 'string' },
        salt: { type: 'string' },
        'no-scrub': { type: 'boolean' },
        resume: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
    if (values['help']) {
      process.stdout.write(`${SNAPSHOT_USAGE}\n`);
      return;
    }
    if (typeof values['out'] !== 'string' || values['out'] === '') throw new UsageError('--out FILE is required');
    checkWritableFolder('out', values['out']);
    if (values['resume'] && !existsSync(`${values['out']}.parts/checkpoint.json`)) {
      throw new UsageError(`--resume: no checkpoint beside ${values['out']} (${values['out']}.parts/); start without --resume`);
    }
  } catch (error) {
    process.stderr.write(`network-mock snapshot: ${messageOf(error)}\n\n${SNAPSHOT_USAGE}\n`);
    process.exitCode = EXIT.usage;
    return;
  }
  const apiKey = (values['api-key'] as string | undefined) ?? process.env['NETWORK_API_KEY'];
  const baseUrl = (values['base-url'] as string | undefined) ?? process.env['NETWORK_BASE_URL'];
  const hide = (text: string) => (apiKey ? text.split(apiKey).join('<api-key>') : text);
  if (!apiKey || !baseUrl) {
    process.stderr.write(`network-mock snapshot: ${!apiKey ? '--api-key (or NETWORK_API_KEY)' : '--base-url (or NETWORK_BASE_URL)'} is required\n`);
    process.exitCode = EXIT.usage;
    return;
  }
  let sdk: typeof import('@network-org/sdk');
  try {
    sdk = await import('@network-org/sdk');
  } catch {
    process.stderr.write('network-mock snapshot: reads through @network-org/sdk, which is not installed: npm i -D @network-org/sdk\n');
    process.exitCode = EXIT.usage;
    return;
  }
  const scrub = !values['no-scrub'];
  if (!scrub) process.stderr.write('network-mock snapshot: --no-scrub: every name, e-mail, phone, handle, URL and text is kept as it is\n');
  const out = values['out'] as string;
  const removeStop = onStopSignal(() => {
    process.stderr.write(`\nnetwork-mock snapshot: stopped; what was read is kept: run again with --resume to go on\n`);
    process.exit(130);
  });
  const bar = process.stderr.isTTY ? progressBar : undefined;
  try {
    const client = new sdk.NetworkClient({ apiKey, baseUrl, rateLimit: 'service' });
    const summary = await takeSnapshot({
      client,
      out,
      scrubber: new Scrubber({ salt: (values['salt'] as string | undefined) ?? '', keep: list(values['keep'] as string | undefined) ?? [], scrub }),
      ...(values['accounts'] ? { accounts: list(values['accounts'] as string) ?? [] } : {}),
      resume: values['resume'] === true,
      ...(bar ? { onProgress: bar } : {}),
    });
    if (bar) process.stderr.write('\n');
    for (const skipped of summary.skipped) process.stderr.write(`network-mock snapshot: skipped ${hide(skipped)}\n`);
    process.stdout.write(
      `wrote ${summary.out}: ${summary.records} records, ${summary.accounts} accounts, ${summary.contacts} contacts, taken at ${summary.takenAt}${scrub ? '' : ' (not scrubbed)'}\n`,
    );
  } catch (error) {
    if (bar) process.stderr.write('\n');
    const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
    const hint = status === 401 || status === 403 ? ' (the key cannot read this organization: use a key of a user who may)' : '';
    const resumable = existsSync(`${out}.parts/checkpoint.json`) ? `; nothing was written to ${out}: run again with --resume to go on` : `; nothing was written to ${out}`;
    process.stderr.write(`network-mock snapshot: ${hide(messageOf(error))}${hint}${resumable}\n`);
    process.exitCode = error instanceof sdk.ApiConnectionError ? EXIT.transport : EXIT.failure;
  } finally {
    removeStop();
  }
}

function progressBar(progress: SnapshotProgress): void {
  const width = 24;
  const filled = progress.total === 0 ? 0 : Math.round((progress.done / progress.total) * width);
  process.stderr.write(
    `\r\x1b[2K[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${progress.done}/${progress.total} ${progress.records} records  ${progress.step}`,
  );
}
