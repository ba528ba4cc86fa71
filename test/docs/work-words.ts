// What a line or a file's name of the tree must not say: the documents are references in the product's own words,
// and the history of the work (which issue, which round, which commit, at what time) is in git.

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

/** A tag of the work run into a word, as a file's name may carry it: `i50speed`, `f52types`. */
const TAGGED = /\b[a-z]\d{2,4}[a-z]{3,}\b/;
/** A numbered stage of the work: `round two`, `part 2`, `second step` (a first step may be a reader's). */
const STAGE =
  /\b(?:round|part|step|stage|phase|stop)s?\s+(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\b|\b(?:second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)\s+(?:round|part|step|stage|phase|stop)s?\b/i;

/**
 * The kinds of work words a file's path holds: its words read as a line (separators as spaces), and the tags and
 * stages of the work a name may carry.
 */
export function workWordsInName(path: string): string[] {
  const words = path.replace(/[-_./]+/g, ' ');
  const kinds = new Set(workWordsIn(words));
  if (TAGGED.test(words)) kinds.add('an issue number');
  if (STAGE.test(words)) kinds.add('a work round');
  return Object.keys(WORK_WORDS).filter((kind) => kinds.has(kind));
}
