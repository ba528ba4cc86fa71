import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { FULL_CONFIG, QUICK_CONFIG, runBench, SUITES, type SuiteName } from './bench';

const DOCS = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));
const START = '<!-- bench:results:start -->';
const END = '<!-- bench:results:end -->';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    'write-docs': { type: 'boolean', default: false },
  },
});

function chosenSuites(only: string | undefined): readonly SuiteName[] {
  if (!only) return SUITES;
  const names = only.split(',');
  const unknown = names.filter((name) => !(SUITES as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`unknown suite ${unknown.join(', ')}; choose from ${SUITES.join(', ')}`);
  return names as SuiteName[];
}

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

const config = { ...(values.quick ? QUICK_CONFIG : FULL_CONFIG), suites: chosenSuites(values.only) };
const command = ['pnpm bench', ...process.argv.slice(2)].join(' ');
const started = Date.now();
const report = await runBench(config, command, (line) => console.error(`${line}\n`));
console.log(report.markdown);
if (values['write-docs']) await writeDocs(report.markdown);
console.error(`bench finished in ${((Date.now() - started) / 1000).toFixed(0)} s`);
// Servers of the suites are closed; anything left (a keep-alive socket) must not keep the bench alive.
process.exit(0);
