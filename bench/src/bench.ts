import { captureFixtures } from './fixtures';
import { CLI_FULL, cliStartup, type CliOptions } from './suites/cli';
import { BROWSER_FULL, browserSuite, type BrowserOptions } from './suites/browser';
import { EXECUTABLES_FULL, executablesStartup, type ExecutablesOptions } from './suites/executables';
import { describeMachine } from './lib/machine';
import { againstLabel, comparisonsMarkdown, sectionMarkdown, targetsMarkdown, type Section } from './report';
import type { Tree } from './lib/trees';
import { HTTP_THROUGHPUT_FULL, httpThroughput, type HttpOptions } from './suites/http-throughput';
import { IN_PROCESS_FULL, inProcess, type InProcessOptions } from './suites/in-process';
import { MCP_FULL, mcpOverhead, type McpOptions } from './suites/mcp';
import { scale, SCALE_FULL, type ScaleOptions } from './suites/scale';
import { PACING_FULL, pacing, type PacingOptions } from './suites/pacing';
import { SANDBOX_FULL, sandboxThroughput, type SandboxOptions } from './suites/sandbox';
import { SDK_OVERHEAD_FULL, sdkOverhead, type SdkOverheadOptions } from './suites/sdk-overhead';
import { STATE_FULL, stateSuite, type StateOptions } from './suites/state';
import { SUITE_FULL, suiteBench, type SuiteOptions } from './suites/suite';
import { SNAPSHOT_FULL, snapshotSuite, type SnapshotOptions } from './suites/snapshot';

export const SUITES = ['suite', 'sdk', 'pacing', 'http', 'sandbox', 'in-process', 'scale', 'state', 'snapshot', 'mcp', 'cli', 'executables', 'browser'] as const;
export type SuiteName = (typeof SUITES)[number];

/** The suites that, with `--against REF`, run their contenders on both builds; the others measure the work tree only. */
export const AGAINST_SUITES: readonly SuiteName[] = ['suite', 'sdk', 'pacing', 'in-process', 'http', 'scale', 'mcp', 'cli'];

export interface BenchConfig {
  suites: readonly SuiteName[];
  /** `--against REF`: the ref's build, measured beside the work tree's in the same rounds. */
  against?: Tree;
  suite: SuiteOptions;
  sdk: SdkOverheadOptions;
  pacing: PacingOptions;
  http: HttpOptions;
  sandbox: SandboxOptions;
  inProcess: InProcessOptions;
  scale: ScaleOptions;
  state: StateOptions;
  snapshot: SnapshotOptions;
  mcp: McpOptions;
  cli: CliOptions;
  executables: ExecutablesOptions;
  browser: BrowserOptions;
}

export const FULL_CONFIG: BenchConfig = {
  suites: SUITES,
  suite: SUITE_FULL,
  sdk: SDK_OVERHEAD_FULL,
  pacing: PACING_FULL,
  http: HTTP_THROUGHPUT_FULL,
  sandbox: SANDBOX_FULL,
  inProcess: IN_PROCESS_FULL,
  scale: SCALE_FULL,
  state: STATE_FULL,
  snapshot: SNAPSHOT_FULL,
  mcp: MCP_FULL,
  cli: CLI_FULL,
  executables: EXECUTABLES_FULL,
  browser: BROWSER_FULL,
};

/** Seconds, not minutes: for checking that every suite still runs, not for numbers. */
export const QUICK_CONFIG: BenchConfig = {
  suites: SUITES,
  suite: { tests: 5, rounds: 2, startupRuns: 1 },
  sdk: { callRounds: 2, callsPerRound: 5, walkRounds: 1, warmupCalls: 0, walkWarmups: 0 },
  pacing: { rounds: 2, callsPerRound: 5, warmupCalls: 0 },
  // Load runs of a count of requests, not of seconds: a run of seconds keeps both cores busy for all of them (the
  // smoke test's largest cost), and a short one beside CI's other lanes could complete no request at all (a ratio
  // of no requests to no requests is NaN); a count always completes. Samples of 0.1 s end a run soon after its last
  // answer.
  http: { connections: 2, durationSeconds: 1, requests: 100, sampleSeconds: 0.1, warmupSeconds: 0, rounds: 1 },
  sandbox: { connections: 4, sessions: 8, durationSeconds: 1, requests: 100, sampleSeconds: 0.1, warmupSeconds: 0, rounds: 1, replicaCounts: [1, 2, 3], pacedRate: 200 },
  inProcess: { rounds: 2, callsPerRound: 5 },
  scale: { sizes: [200, 1_000], requestsPerQuery: 3, againstRounds: 1 },
  state: { sizes: [160, 1_000], rounds: 1 },
  snapshot: { sizes: [200] },
  mcp: { rounds: 2, callsPerRound: 5 },
  cli: { runs: 1 },
  executables: { runs: 1 },
  browser: { loads: 1 },
};

export interface BenchReport {
  sections: Section[];
  markdown: string;
}

/** Runs the chosen suites one after another (never two at once: the machine has two cores) and renders the report. */
export async function runBench(config: BenchConfig, command: string, log: (line: string) => void = () => {}): Promise<BenchReport> {
  const fixtures = await captureFixtures();
  const sections: Section[] = [];
  const ref = config.against;
  if (ref) againstLabel.ref = ref.label;
  const run = async (name: SuiteName, suite: () => Promise<Section>) => {
    if (!config.suites.includes(name)) return;
    log(`running ${name} …`);
    const section = await suite();
    if (ref && !AGAINST_SUITES.includes(name)) section.againstNote = 'this suite measures the work tree only.';
    log(sectionMarkdown(section));
    sections.push(section);
  };
  await run('suite', () => suiteBench(config.suite, ref));
  await run('sdk', () => sdkOverhead(fixtures, config.sdk, ref));
  await run('pacing', () => pacing(fixtures, config.pacing, ref));
  await run('in-process', () => inProcess(fixtures, config.inProcess, ref));
  await run('http', () => httpThroughput(fixtures, config.http, ref));
  await run('sandbox', () => sandboxThroughput(fixtures, config.sandbox));
  await run('scale', () => scale(config.scale, ref));
  await run('state', () => stateSuite(config.state));
  await run('snapshot', () => snapshotSuite(config.snapshot));
  await run('mcp', () => mcpOverhead(fixtures, config.mcp, ref));
  await run('cli', () => cliStartup(config.cli, ref));
  await run('executables', () => executablesStartup(config.executables));
  await run('browser', () => browserSuite(config.browser));
  const markdown = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${describeMachine()}, with \`${command}\`.`,
    ...(ref ? [`#### Against \`${ref.label}\``, `The work tree against \`${ref.label}\` (${ref.root}), each figure from the same rounds: time, or the inverse of a rate; above 1× the work tree is slower, **bold** from 1.10×.`, comparisonsMarkdown(sections)] : []),
    '#### Targets',
    targetsMarkdown(sections),
    ...sections.map((section) => sectionMarkdown(section, false)),
  ].join('\n\n');
  return { sections, markdown };
}
