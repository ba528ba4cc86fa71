// `network-mock serve`'s flags, each declared once: its spelling, its help, its environment variable
// (NETWORK_MOCK_ and the flag in upper snake case; PORT too, as platforms that run containers set it) and its parser.
import { defineFlags, FlagValueError, integerFlag, textFlag } from '@network-org/cli-kit';
import { JOURNAL_TOTAL_MIN_BYTES } from '../engine/journal';
import { parseRateLimit } from '../engine/rate-limit';
import { MAX_TIMER_MS } from '../lib/timers';
import { anchorProblem } from '../store/anchor';

const env = (flag: string) => [`NETWORK_MOCK_${flag.toUpperCase().replaceAll('-', '_')}`];

function rateLimit(text: string) {
  const budget = parseRateLimit(text);
  if (!budget) throw new FlagValueError(`must be REQUESTS/WINDOW with a unit of ms, s or m (e.g. 20/2s, 100/500ms), got ${JSON.stringify(text)}`);
  return budget;
}

function anchor(text: string): string {
  const problem = anchorProblem(text);
  if (problem !== undefined) throw new FlagValueError(problem.replace(/^now /, ''));
  return text;
}

export const SERVE_FLAGS = defineFlags({
  port: {
    flag: '--port <n>',
    help: 'port to listen on (default 4010; 0 picks a free one)',
    env: [...env('port'), 'PORT'],
    parse: integerFlag(0, 65_535),
  },
  host: { flag: '--host <host>', help: 'address to listen on (default 127.0.0.1)', env: env('host'), parse: textFlag('an address such as 127.0.0.1 or 0.0.0.0') },
  seed: { flag: '--seed <n>', help: 'dataset seed (default 1)', env: env('seed'), parse: integerFlag() },
  now: { flag: '--now <ISO date-time|now>', help: 'instant the dataset (or state file) is anchored at (default 2026-01-15T12:00:00Z); now: the present, every recorded time keeping its distance', env: env('now'), parse: anchor },
  rateLimit: {
    flag: '--rate-limit <n>/<window>',
    help: 'another limit per client and endpoint, e.g. 20/2s, 50/10s, 100/500ms',
    off: { flag: '--no-rate-limit', help: 'turn off the 50 requests / 10 s limit' },
    env: env('rate-limit'),
    parse: rateLimit,
  },
  latency: { flag: '--latency <ms>', help: 'delay every API response', env: env('latency'), parse: integerFlag(0, MAX_TIMER_MS) },
  contactsPerAccount: { flag: '--contacts-per-account <n>', help: 'dataset size', env: env('contacts-per-account'), parse: integerFlag(0) },
  maxSessions: {
    flag: '--max-sessions <n>',
    help: 'named sessions (X-Mock-Session) alive at once (default 1000)',
    env: env('max-sessions'),
    parse: integerFlag(1),
  },
  controlToken: {
    flag: '--control-token <token>',
    help: 'require Authorization: Bearer <token> on /__mock/ (and allow it off loopback)',
    env: env('control-token'),
    parse: textFlag('a token'),
  },
  stateFile: {
    flag: '--state-file <path>',
    help: 'start from this state file when it exists; write the state to it on SIGINT/SIGTERM',
    env: env('state-file'),
    parse: textFlag('a path'),
  },
  coverageReport: {
    flag: '--coverage-report <path>',
    help: 'write what the requests exercised of the API (a coverage report, JSON) to this file on SIGINT/SIGTERM',
    env: env('coverage-report'),
    parse: textFlag('a path'),
  },
  journalBodies: {
    off: { flag: '--no-journal-bodies', help: 'keep no request and answer bodies in the journal (headers and the rest are kept)' },
    env: env('journal-bodies'),
  },
  journalMaxBytes: {
    flag: '--journal-max-bytes <n>',
    help: 'bytes all sessions\' journals keep together, oldest dropped first (default 67108864, 64 MiB)',
    env: env('journal-max-bytes'),
    parse: integerFlag(JOURNAL_TOTAL_MIN_BYTES),
  },
  log: {
    flag: '--log <what>',
    help: 'requests: one line per request on stdout (time, session, method, path, status, ms), for docker logs',
    env: env('log'),
    parse: (text: string) => {
      if (text !== 'requests') throw new FlagValueError(`must be requests (one line per request on stdout), got ${JSON.stringify(text)}`);
      return text;
    },
  },
  version: { flag: '--version', short: 'v', help: 'print the version' },
  help: { flag: '--help', short: 'h', help: 'show this help' },
});
