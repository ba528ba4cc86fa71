/**
 * Keeps the API key out of everything the SDK throws or logs, whatever the server sends back: text (messages,
 * `debug`, codes, log lines), response headers and the `cause` chain of transport failures.
 */
export interface Redactor {
  /** `value` with every form of the key replaced. */
  text: (value: string) => string;
  /** A copy of `headers` with credentials and any value holding the key replaced. */
  headers: (headers: Headers) => Headers;
  /** A copy of a thrown value's message, stack and `cause` chain without the key (class names kept). */
  cause: (cause: unknown) => unknown;
}

const REDACTED = '[redacted]';
// Credentials of either side: never worth keeping in an error.
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key']);
const MAX_CAUSE_DEPTH = 5;

/** Each secret as sent and as a server may echo it: raw, percent-encoded (a redirect URL), JSON-escaped. */
function secretForms(secrets: readonly (string | undefined)[]): string[] {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret) for (const form of [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)]) forms.add(form);
  }
  // Longest first, so that a secret inside another is not replaced before the one that holds it.
  return [...forms].sort((a, b) => b.length - a.length);
}

// Most strings hold no form: `includes` spares them the split and join (an array per string and form).
const replaceForms = (forms: readonly string[], value: string): string =>
  forms.reduce((result, form) => (result.includes(form) ? result.split(form).join(REDACTED) : result), value);

/**
 * Keeps secrets (API keys) out of any value, whatever a server echoed into it: every string, object key and array
 * item of a copy has each form of each secret replaced by `[redacted]`. For tools built on the SDK that print or
 * write what a server answered (the SDK keeps the key out of its own errors and logs already).
 */
export function secretScrubber(secrets: readonly (string | undefined)[]): <T>(value: T) => T {
  const forms = secretForms(secrets);
  const deep = (value: unknown): unknown => {
    if (typeof value === 'string') return replaceForms(forms, value);
    if (Array.isArray(value)) return value.map(deep);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [replaceForms(forms, key), deep(inner)]));
    }
    return value;
  };
  return <T>(value: T) => deep(value) as T;
}

export function redactor(apiKey: string): Redactor {
  const forms = secretForms([apiKey]);
  const text = (value: string): string => replaceForms(forms, value);
  const holdsKey = (value: string) => forms.some((form) => value.includes(form));
  const headers = (source: Headers): Headers => {
    const copy = new Headers();
    source.forEach((value, name) => {
      copy.append(name, CREDENTIAL_HEADERS.has(name) || holdsKey(value) ? REDACTED : value);
    });
    return copy;
  };
  const cause = (value: unknown, depth = 0): unknown => {
    if (value === undefined || value === null) return value;
    // Anything else that is not an Error keeps only its text.
    if (!(value instanceof Error)) return text(String(value));
    if (depth >= MAX_CAUSE_DEPTH) return undefined;
    const copy = new Error(text(value.message));
    copy.name = value.name;
    copy.stack = text(value.stack ?? '');
    const code = (value as { code?: unknown }).code;
    if (typeof code === 'string') Object.assign(copy, { code: text(code) });
    if (value.cause !== undefined) copy.cause = cause(value.cause, depth + 1);
    return copy;
  };
  return { text, headers, cause: (value) => cause(value) };
}
