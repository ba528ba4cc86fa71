import { parseArgs } from 'node:util';
import { AGAINST_SUITES, FULL_CONFIG, QUICK_CONFIG, SUITES, type BenchConfig, type SuiteName } from './bench';

/** What `pnpm bench ARGS` will do, before anything is built or measured. */
export interface BenchPlan {
  config: BenchConfig;
  writeDocs: boolean;
  /** `--against REF`: the git ref to build beside the work tree and measure in the same rounds. */
  against?: string;
  /** Suites chosen that measure the work tree only, even with `--against`. */
  workOnly: SuiteName[];
}

function chosenSuites(only: string | undefined): readonly SuiteName[] {
  if (!only) return SUITES;
  const names = only.split(',').map((name) => name.trim()).filter((name) => name !== '');
  const unknown = names.filter((name) => !(SUITES as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0) throw new Error(`unknown suite ${unknown.join(', ') || '(none given)'}; choose from ${SUITES.join(', ')}`);
  return names as SuiteName[];
}

export function planBench(argv: readonly string[]): BenchPlan {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      quick: { type: 'boolean', default: false },
      only: { type: 'string' },
      against: { type: 'string' },
      'scale-sizes': { type: 'string' },
      'scale-rounds': { type: 'string' },
      'write-docs': { type: 'boolean', default: false },
    },
  });
  const suites = chosenSuites(values.only);
  const against = values.against?.trim();
  if (values.against !== undefined && !against) throw new Error('--against needs a git ref: a branch, a tag or a commit (--against main)');
  if (against && values['write-docs']) {
    throw new Error('--write-docs records the work tree alone; run it without --against');
  }
  const base = values.quick ? QUICK_CONFIG : FULL_CONFIG;
  const count = (flag: string, text: string) => {
    const value = Number(text.replace(/_/g, ''));
    if (!Number.isInteger(value) || value < 1) throw new Error(`${flag} takes whole numbers of at least 1, not ${JSON.stringify(text)}`);
    return value;
  };
  // For bisecting a seeding regression: only the size that shows it, and fewer processes per tree.
  const scale = {
    ...base.scale,
    ...(values['scale-sizes'] !== undefined && { sizes: values['scale-sizes'].split(',').map((size) => count('--scale-sizes', size.trim())) }),
    ...(values['scale-rounds'] !== undefined && { againstRounds: count('--scale-rounds', values['scale-rounds']) }),
  };
  const config: BenchConfig = { ...base, scale, suites };
  return {
    config,
    writeDocs: values['write-docs'],
    ...(against && { against }),
    workOnly: against ? suites.filter((suite) => !AGAINST_SUITES.includes(suite)) : [],
  };
}
