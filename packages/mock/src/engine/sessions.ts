import { badRequest } from './errors';
import type { RequestHeaders } from './message';
import { SESSION_HEADER } from './respond';
import type { Session } from './session';

/** 1-64 characters of `A-Za-z0-9._-`. */
const SESSION_NAME = /^[A-Za-z0-9._-]{1,64}$/;

export const DEFAULT_MAX_SESSIONS = 1000;

/** 400 bad_request unless `name` is a valid session name. */
export function checkSessionName(name: string): string {
  if (!SESSION_NAME.test(name)) {
    throw badRequest(
      `Invalid X-Mock-Session ${JSON.stringify(name.slice(0, 80))}: use 1 to 64 characters of A-Z, a-z, 0-9, ".", "_" and "-".`,
    );
  }
  return name;
}

/** The session a request names with `X-Mock-Session`, checked (400 on a bad name or two headers); undefined for none. */
export function namedSession(headers: RequestHeaders): string | undefined {
  const names = headers.all(SESSION_HEADER);
  if (names.length > 1) throw badRequest(`Send at most one ${SESSION_HEADER} header.`);
  return names[0] === undefined ? undefined : checkSessionName(names[0]);
}

export interface SessionUse {
  session: Session;
  /** The least recently used session dropped to make room for this one. */
  evicted?: string;
}

/** The default session and the named ones, least recently used first; at most `max` named ones live at once. */
export class SessionRegistry {
  private readonly named = new Map<string, Session>();

  constructor(
    readonly defaultSession: Session,
    private readonly create: (name: string) => Session,
    readonly max: number,
    private readonly clock: () => Date,
  ) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`maxSessions must be a positive integer, got ${max}`);
  }

  /** The session of that name (created on first use), or the default one without a name; the name is checked already (`namedSession`, `mock.session`). */
  use(name: string | undefined): SessionUse {
    if (name === undefined) return { session: this.defaultSession };
    let session = this.named.get(name);
    let evicted: string | undefined;
    if (session) {
      // Re-inserted so that the map's order stays least recently used first.
      this.named.delete(name);
    } else {
      if (this.named.size >= this.max) {
        evicted = this.named.keys().next().value as string;
        this.remove(evicted);
      }
      session = this.create(name);
    }
    session.lastUsedAt = this.clock();
    this.named.set(name, session);
    return evicted === undefined ? { session } : { session, evicted };
  }

  /** Puts in a session built elsewhere (one a state file held), as the most recently used; past `max`, the least recently used goes. */
  adopt(session: Session & { name: string }): void {
    this.remove(session.name);
    if (this.named.size >= this.max) this.remove(this.named.keys().next().value as string);
    this.named.set(session.name, session);
  }

  /** The live session of that name, without creating it or counting it as used. */
  peek(name: string): Session | undefined {
    return this.named.get(name);
  }

  list(): Session[] {
    return [...this.named.values()];
  }

  /** Drops a named session; false when there is none of that name. */
  drop(name: string): boolean {
    return this.remove(checkSessionName(name));
  }

  clear(): void {
    for (const name of [...this.named.keys()]) this.remove(name);
  }

  /**
   * A dropped session's journal gives its bytes back to the bound its mock's sessions share; its coverage joins the
   * mock's, so that a suite whose every test has its own session is measured whole.
   */
  private remove(name: string): boolean {
    const session = this.named.get(name);
    session?.journal.close();
    session?.coverage.close();
    return this.named.delete(name);
  }
}
