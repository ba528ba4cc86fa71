import { callOperation } from '../context';
import { answerDifferences } from '../check/answer';
import { MESSAGES } from '../check/messages';
import type { Scenario } from './scenario';

/** Requests sent at most while looking for the 429: the service's budget is 50 per 10 s. */
const PROBE_REQUESTS = 60;
/** The wait after the probe's 429 without a readable Retry-After: the service's window. */
const DEFAULT_WAIT_MS = 10_000;
/** The service's window (the limits: 50 requests per 10 seconds): a Retry-After past it is wrong. */
const WINDOW_SECONDS = 10;
const MAX_WAIT_MS = 60_000;

/** `Retry-After` in milliseconds: integer seconds or an HTTP date; undefined when absent or unreadable. */
function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export const rateLimitScenarios: Scenario[] = [
  {
    id: 'rate-limit.probe',
    operation: 'listOrganizations',
    behaviour: 'rate-limit',
    title: 'past 50 requests in 10 s an endpoint answers 429 rate_limit_exceeded, as JSON, saying the rate limit was exceeded, with Retry-After in integer seconds within the 10 s window; another endpoint still answers (the limit is per endpoint; the limits and the errors table)',
    source: 'description: Limits',
    needs: ['probe'],
    async run(t) {
      const unpaced = t.run.clients.admin.withOptions({ rateLimit: false, maxRetries: 0 });
      const probe = { ...t.run, clients: { admin: unpaced, member: undefined } };
      for (let sent = 1; sent <= PROBE_REQUESTS; sent++) {
        const answer = await callOperation(probe, 'listOrganizations', { probe: true });
        if (answer.status !== 429) continue;
        t.answers.push(answer);
        // Sent past the scenario's checked call (unpaced, no retries): the body is checked against the spec here.
        for (const difference of answerDifferences(answer)) t.differ(difference);
        t.expectError(answer, 429, 'rate_limit_exceeded', MESSAGES.rateLimit);
        const retryAfter = answer.headers.get('retry-after');
        // Integer seconds, and no more than the window: the budget is back at the latest when the window ends.
        const seconds = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter.trim()) : undefined;
        t.check(seconds !== undefined && seconds >= 1 && seconds <= WINDOW_SECONDS, { path: 'retry-after', expected: `integer seconds from 1 to ${WINDOW_SECONDS} (the limit is 50 requests per ${WINDOW_SECONDS} s)`, actual: JSON.stringify(retryAfter) });
        // Waits the budget out, so that the scenarios after this one are not slowed by it; never past the run's cap.
        // A Retry-After past the window is a difference already: the window is all the budget needs.
        // Per endpoint: another endpoint's budget is its own, so it still answers at once.
        const other = await callOperation(probe, 'listAccounts', { probe: true });
        t.answers.push(other);
        t.check(other.status !== 429, { path: 'status', expected: 'listAccounts answered (the limit is per endpoint: GET /v1/organization spent its own budget)', actual: `${other.status} on GET /v1/accounts right after the 429 of GET /v1/organization`, note: 'in the answer to GET /v1/accounts (listAccounts)' });
        await t.run.target.pause(Math.min(retryAfterMs(retryAfter) ?? DEFAULT_WAIT_MS, seconds !== undefined && seconds > WINDOW_SECONDS ? WINDOW_SECONDS * 1000 : MAX_WAIT_MS));
        return;
      }
      t.differ({ path: 'status', expected: `429 within ${PROBE_REQUESTS} requests`, actual: 'no 429' });
    },
  },
];
