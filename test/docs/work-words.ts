// What a line of the tree must not say: the documents are references in the product's own words, and the history of
// the work (which issue, which round, which commit, at what time) is in git.

const ISSUE = /\b(?:issues?|pull requests?|PRs?)\s+#?\d+|(?<![\w&/#'"`:=\\-])(?<!:\s)#\d{1,5}(?![\w-])/i;
const ROUND = /\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|previous|this|that|earlier|later|latest)\s+rounds?\b|\bround\s+before\s+(?:it|this|that)\b/i;
const HASH = /(?<![\w./:#@=+-])(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}(?![\w-])/;
const CLOCK = /(?<![T\d:.]|\d{4} )(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?:\s*(?:to|and|-|–)\s*(?:[01]?\d|2[0-3]):[0-5]\d)?\s?(?:UTC|GMT)\b/;

export const WORK_WORDS: Record<string, RegExp> = {
  'an issue number': ISSUE,
  'a work round': ROUND,
  'a commit hash': HASH,
  'a clock time': CLOCK,
};

/** The kinds of work words a line holds ('an issue number', ...): none for a line of the reference. */
export function workWordsIn(line: string): string[] {
  return Object.entries(WORK_WORDS).flatMap(([kind, pattern]) => (pattern.test(line) ? [kind] : []));
}
