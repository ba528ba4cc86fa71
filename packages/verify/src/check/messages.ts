/**
 * The error messages the description documents, in its words: the authentication section gives one for each way a
 * key is refused, the errors table says what a 429 is. A message is for people, so its wording around these words
 * is free; the words themselves are the documented behaviour a client may show or match.
 */
export interface DocumentedMessage {
  /** What the description says, as it says it. */
  says: string;
  matches(message: string): boolean;
}

const words = (says: string, ...patterns: RegExp[]): DocumentedMessage => ({ says, matches: (message) => patterns.every((pattern) => pattern.test(message)) });

export const MESSAGES = {
  headerMissing: words('header is required', /header is required/i),
  otherScheme: words('header must use the Bearer scheme', /header must use the Bearer scheme/i),
  invalidKey: words('Invalid API key', /invalid api key/i),
  noAccess: words("you don't have access to this organization", /you don['’]t have access to this organization/i),
  inactiveUser: words('asks an admin to regenerate the key', /admin/i, /regenerate/i),
  adminOnly: words('Only organization admins can perform this action.', /only organization admins can perform this action/i),
  rateLimit: words('rate limit exceeded', /rate limit/i),
} satisfies Record<string, DocumentedMessage>;
