import { badRequest, notFound } from '../engine/errors';
import type { JournalEntry, JournalSummary } from '../engine/journal';
import type { MockRuntime } from '../engine/runtime';
import type { Session } from '../engine/session';

/** The most summaries one `GET /__mock/requests` gives; `limit` defaults to it. */
export const MAX_LISTED_REQUESTS = 1000;

export interface RequestsQuery {
  /** `*`: every session's journal; absent: the session the request names with `X-Mock-Session`. */
  session?: string;
  /** Only requests after this id (for polling: the last id seen). */
  after?: string;
  limit?: number;
}

function everySession(runtime: MockRuntime): Session[] {
  return [runtime.sessions.defaultSession, ...runtime.sessions.list()];
}

function sequenceOf(id: string | undefined): number {
  if (id === undefined) return 0;
  const sequence = Number(id);
  if (id.trim() === '' || !Number.isInteger(sequence) || sequence < 0) {
    throw badRequest(`after must be a request id from GET /__mock/requests (a whole number), got ${JSON.stringify(id.slice(0, 40))}.`);
  }
  return sequence;
}

/**
 * `GET /__mock/requests`: summaries (no headers, no bodies) oldest first, the latest `limit` of them, from one
 * session or (`session=*`) from all, merged in arrival order.
 */
export function listRequests(runtime: MockRuntime, session: () => Session, query: RequestsQuery): { requests: JournalSummary[] } {
  const after = sequenceOf(query.after);
  const limit = Math.min(query.limit ?? MAX_LISTED_REQUESTS, MAX_LISTED_REQUESTS);
  const journals = query.session === '*' ? everySession(runtime).map((each) => each.journal) : [session().journal];
  const found = journals.flatMap((journal) => journal.summaries(after, limit));
  if (journals.length > 1) found.sort((a, b) => a.seq - b.seq);
  return { requests: found.slice(-limit).map(({ summary }) => summary) };
}

/** `GET /__mock/requests/ID`: one request of any session, with its headers and bodies. */
export function findRequest(runtime: MockRuntime, id: string): JournalEntry {
  for (const session of everySession(runtime)) {
    const entry = session.journal.find(id);
    if (entry) return entry;
  }
  throw notFound(`No request ${JSON.stringify(id.slice(0, 40))} in the journal: GET /__mock/requests?session=* lists the ids kept.`);
}

/** `DELETE /__mock/requests`: empties one session's journal, or (`session=*`) every one. */
export function clearRequests(runtime: MockRuntime, session: () => Session, query: RequestsQuery): void {
  const sessions = query.session === '*' ? everySession(runtime) : [session()];
  for (const each of sessions) each.journal.clear();
}
