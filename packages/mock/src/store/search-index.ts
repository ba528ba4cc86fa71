import type { ContactRecord } from './types';

// Words are maximal runs of word units. Whatever the definition, a run of word units of the needle lies inside
// one word of any text containing the needle, so the words containing the needle's word are a superset of the
// matches. Units beyond ASCII count as word units so that no script is split apart.
function isWordUnit(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || code >= 128;
}

/** Calls `onWord` with each word of `text`, in order, repeats included. */
function forEachWord(text: string, onWord: (word: string) => void): void {
  let start = -1;
  for (let index = 0; index <= text.length; index++) {
    if (index < text.length && isWordUnit(text.charCodeAt(index))) {
      if (start === -1) start = index;
    } else if (start !== -1) {
      onWord(text.slice(start, index));
      start = -1;
    }
  }
}

/** The needle's longest word (the most selective to look up), or undefined when it has none. */
export function longestWord(needle: string): string | undefined {
  let longest: string | undefined;
  forEachWord(needle, (word) => {
    if (longest === undefined || word.length > longest.length) longest = word;
  });
  return longest;
}

// Above this many candidates per indexed contact the superset is most of the account: a plain walk that stops
// at the end of the page is cheaper than marking them.
const MAX_CANDIDATE_SHARE = 0.5;

/**
 * The words of one account's contact search texts and, per word, the positions (in the account's list) of the
 * contacts having it, packed in typed arrays. It only narrows the contacts to check: callers still match each
 * candidate's `search_text`, so results and their order are those of a plain walk.
 *
 * Contacts added since the build (positions at or past `builtCount`) and contacts whose search text changed
 * since (see `noteChange`) are always candidates, so the index never hides a match; `staleness` tells the
 * store when a rebuild pays off.
 */
export class SearchIndex {
  readonly contacts: readonly ContactRecord[];
  private readonly builtCount: number;
  /** Every word once, each followed by a newline (not a word unit, so a lookup never spans two words). */
  private readonly vocabulary: string;
  /** Offset of each word in `vocabulary`, plus its length at the end. */
  private readonly wordStarts: Uint32Array;
  /** `postings[postingStarts[w] .. postingStarts[w + 1]]` are the positions of the contacts having word `w`, ascending. */
  private readonly postingStarts: Uint32Array;
  private readonly postings: Uint32Array;
  private readonly changed = new Set<number>();

  /** Indexes `contacts`, the account's live list (contacts are only ever appended to it). */
  constructor(contacts: readonly ContactRecord[]) {
    this.contacts = contacts;
    this.builtCount = contacts.length;
    const wordIds = new Map<string, number>();
    const words: string[] = [];
    const counts: number[] = [];
    const lastPosition: number[] = [];
    // Each contact's distinct word ids, contact after contact; `contactEnds` marks where each contact's ids end.
    let pairs = new Uint32Array(Math.max(1024, contacts.length * 64));
    let pairCount = 0;
    const contactEnds = new Uint32Array(contacts.length);
    for (let position = 0; position < contacts.length; position++) {
      forEachWord((contacts[position] as ContactRecord).search_text, (word) => {
        let id = wordIds.get(word);
        if (id === undefined) {
          id = words.length;
          wordIds.set(word, id);
          words.push(word);
          counts.push(0);
          lastPosition.push(-1);
        }
        if (lastPosition[id] === position) return;
        lastPosition[id] = position;
        counts[id] = (counts[id] as number) + 1;
        if (pairCount === pairs.length) {
          const grown = new Uint32Array(pairs.length * 2);
          grown.set(pairs);
          pairs = grown;
        }
        pairs[pairCount++] = id;
      });
      contactEnds[position] = pairCount;
    }
    this.wordStarts = new Uint32Array(words.length + 1);
    this.postingStarts = new Uint32Array(words.length + 1);
    let offset = 0;
    for (let id = 0; id < words.length; id++) {
      this.wordStarts[id] = offset;
      offset += (words[id] as string).length + 1;
      this.postingStarts[id + 1] = (this.postingStarts[id] as number) + (counts[id] as number);
    }
    this.wordStarts[words.length] = offset;
    this.vocabulary = words.join('\n') + '\n';
    // Contacts are visited in order, so each word's positions come out ascending.
    this.postings = new Uint32Array(pairCount);
    const fill = this.postingStarts.slice(0, words.length);
    let pair = 0;
    for (let position = 0; position < contacts.length; position++) {
      for (const end = contactEnds[position] as number; pair < end; pair++) {
        const id = pairs[pair] as number;
        const slot = fill[id] as number;
        this.postings[slot] = position;
        fill[id] = slot + 1;
      }
    }
  }

  /** Contacts added or changed since the build; each is checked on every search until the next build. */
  get staleness(): number {
    return this.changed.size + this.contacts.length - this.builtCount;
  }

  /** Call after the contact's search text changed. Contacts added since the build need no note. */
  noteChange(contact: ContactRecord): void {
    // From the end: a contact just added (refreshed by `addContact`) is found at once.
    const position = this.contacts.lastIndexOf(contact);
    if (position !== -1 && position < this.builtCount) this.changed.add(position);
  }

  /**
   * The account's contacts whose search text may contain `needle` (lowercase), in list order: every match and
   * possibly more.
   */
  candidates(needle: string): Iterable<ContactRecord> {
    const word = longestWord(needle);
    if (word === undefined) return this.contacts;
    const marks = this.markWordsContaining(word);
    return marks ? this.marked(marks) : this.contacts;
  }

  /** Marks the contacts having a word that contains `word`; undefined when that is most of them. */
  private markWordsContaining(word: string): Uint8Array | undefined {
    const ids: number[] = [];
    let total = 0;
    const maxTotal = this.builtCount * MAX_CANDIDATE_SHARE;
    for (let at = this.vocabulary.indexOf(word); at !== -1; ) {
      const id = this.wordAt(at);
      ids.push(id);
      total += (this.postingStarts[id + 1] as number) - (this.postingStarts[id] as number);
      if (total > maxTotal) return undefined;
      at = this.vocabulary.indexOf(word, this.wordStarts[id + 1]);
    }
    const marks = new Uint8Array(this.builtCount);
    for (const id of ids) {
      for (let index = this.postingStarts[id] as number, end = this.postingStarts[id + 1] as number; index < end; index++) {
        marks[this.postings[index] as number] = 1;
      }
    }
    for (const position of this.changed) marks[position] = 1;
    return marks;
  }

  /** The id of the word whose text spans `offset` of the vocabulary. */
  private wordAt(offset: number): number {
    let low = 0;
    let high = this.wordStarts.length - 2;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if ((this.wordStarts[middle] as number) <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  private *marked(marks: Uint8Array): Generator<ContactRecord> {
    const contacts = this.contacts;
    for (let position = 0; position < contacts.length; position++) {
      if (position >= this.builtCount || marks[position] === 1) yield contacts[position] as ContactRecord;
    }
  }
}
