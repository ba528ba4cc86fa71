/** Where profiles of the professional network and records of the web app live. */
export const NETWORK_ORIGIN = 'https://www.network.com';
export const APP_ORIGIN = 'https://app.network.test';
export const MEDIA_ORIGIN = 'https://media.network.test';

export const personUrl = (handle: string) => `${NETWORK_ORIGIN}/in/${handle}`;
export const companyUrl = (handle: string) => `${NETWORK_ORIGIN}/company/${handle}`;

export type ProfileKind = 'member' | 'company';
export interface ProfileRef {
  kind: ProfileKind;
  handle: string;
}

const PROFILE_PATH = /^\/(in|company)\/([A-Za-z0-9][A-Za-z0-9_%.-]*)\/?$/;

/** The network's hosts: a profile URL on any other host is not a profile. */
const NETWORK_HOSTS: ReadonlySet<string> = new Set(['www.network.com', 'network.com']);

/**
 * Reads a profile URL: `https://www.network.com/in/<handle>` or `…/company/<handle>`. `http`, no `www`, no scheme,
 * a trailing slash, a query or a fragment name the same profile; any other host, a port, credentials or another
 * path shape is not a profile URL (null, which callers report as 400).
 */
export function parseProfileUrl(value: string): ProfileRef | null {
  const text = value.trim();
  if (text === '' || /\s/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!NETWORK_HOSTS.has(url.hostname) || url.port !== '' || url.username !== '' || url.password !== '') return null;
  const match = PROFILE_PATH.exec(url.pathname);
  if (!match) return null;
  let handle: string;
  try {
    handle = decodeURIComponent(match[2] as string).toLowerCase();
  } catch {
    return null;
  }
  return { kind: match[1] === 'in' ? 'member' : 'company', handle };
}
