import type { Fixtures } from '../fixtures';
import { ADMIN_KEY } from '../lib/dataset';
import { compareOnTrees, contendersOnTrees } from '../lib/against';
import { sideBySide } from '../lib/side-by-side';
import { load, WORK, type Tree } from '../lib/trees';
import { overhead, us } from '../lib/stats';
import type { Section } from '../report';
import { startFixedProcess } from '../servers/start';
import { WARMUP_CALLS } from './sdk-overhead';

export interface PacingOptions {
  rounds: number;
  callsPerRound: number;
  /** Untimed calls per contender before the rounds, WARMUP_CALLS unless given (`--quick`: none). */
  warmupCalls?: number;
}

// Many short rounds, as in the SDK overhead suite.
export const PACING_FULL: PacingOptions = { rounds: 200, callsPerRound: 5 };

/** The target: pacing a call whose budget is never reached costs at most 5% over not pacing. */
const TARGET_RATIO = 1.05;

/** What `rateLimit` adds to a call (queue, store, settle) when the budget never runs out, against the same server. */
export async function pacing(fixtures: Fixtures, options: PacingOptions, ref?: Tree): Promise<Section> {
  const server = await startFixedProcess(fixtures);
  try {
    const { contactId, patchBody } = fixtures;
    const contenders = await contendersOnTrees(
      [],
      async (tree) => {
        const { NetworkClient } = await load(tree, '@network-org/sdk');
        const plain = new NetworkClient({ apiKey: ADMIN_KEY, baseUrl: server.url });
        // A budget no run of the bench can reach: the pacing runs its whole path but never waits.
        const paced = new NetworkClient({ apiKey: ADMIN_KEY, baseUrl: server.url, rateLimit: { requests: 1_000_000_000, windowMs: 1000 } });
        return [
          { name: 'SDK, rateLimit false', run: () => plain.contacts.update(contactId, patchBody) },
          { name: 'SDK, rateLimit (budget never reached)', run: () => paced.contacts.update(contactId, patchBody) },
        ];
      },
      WORK,
      ref,
    );
    const results = await sideBySide(
      contenders,
      { rounds: options.rounds, runsPerRound: options.callsPerRound, warmupRuns: options.warmupCalls ?? WARMUP_CALLS },
    );
    const pacedResult = results[1];
    return {
      title: 'Client-side pacing overhead per call',
      method:
        `PATCH /v1/contacts/{id} one call after another against a bare node:http server answering fixed bytes, with and without ` +
        `\`rateLimit\` (a budget of 10^9 per second, never reached); interleaved round by round (${options.rounds} rounds of ` +
        `${options.callsPerRound} calls), medians over rounds.`,
      columns: ['call', 'client', 'time per call', 'vs rateLimit false'],
      rows: results.map((r) => ['PATCH /v1/contacts/{id}', r.name, us(r.perRunMs), overhead(r.ratioToBaseline, 1)]),
      comparisons: compareOnTrees('PATCH /v1/contacts/{id}', results, ref, (r) => us(r.perRunMs)),
      targets: [
        {
          target: 'PATCH: SDK with rateLimit (budget never reached) within 5% of rateLimit false',
          measured: overhead(pacedResult?.ratioToBaseline ?? Number.NaN, 1),
          met: (pacedResult?.ratioToBaseline ?? Number.POSITIVE_INFINITY) <= TARGET_RATIO,
        },
      ],
    };
  } finally {
    await server.close();
  }
}
