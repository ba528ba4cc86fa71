import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { planBench } from './args';
import { runBench } from './bench';
import { prepareRef } from './lib/trees';

const DOCS = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));
const START = '<!-- bench:results:start -->';
const END = '<!-- bench:results:end -->';

/** Replaces the generated block of docs/benchmarks.md; the prose around it is written by hand. */
async function writeDocs(markdown: string): Promise<void> {
  const text = await readFile(DOCS, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${DOCS} lacks the ${START} … ${END} markers`);
  await writeFile(DOCS, `${text.slice(0, start + START.length)}\n${markdown}\n${text.slice(end)}`);
}

// Exiting runs the 'exit' handlers that stop every server this run started (Prism has no IPC channel to notice).
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

const log = (line: string) => console.error(`${line}\n`);
/** A mistake in the command line or a ref that cannot be built: its message, not a stack. */
function usage<T>(step: () => T): T {
  try {
    return step();
  } catch (error) {
    console.error(`pnpm bench: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  }
}

const plan = usage(() => planBench(process.argv.slice(2)));
const config = plan.against ? { ...plan.config, against: usage(() => prepareRef(plan.against as string, log)) } : plan.config;
if (plan.workOnly.length > 0) log(`--against ${plan.against}: ${plan.workOnly.join(', ')} measure the work tree only`);
const command = ['pnpm bench', ...process.argv.slice(2)].join(' ');
const started = Date.now();
const report = await runBench(config, command, log);
console.log(report.markdown);
if (plan.writeDocs) await writeDocs(report.markdown);
console.error(`bench finished in ${((Date.now() - started) / 1000).toFixed(0)} s`);
// Servers of the suites are closed; anything left (a keep-alive socket) must not keep the bench alive.
process.exit(0);
