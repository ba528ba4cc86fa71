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

// Above this much posting data per indexed contact the superset is most of the account: a plain walk that stops
// at the end of the page is cheaper than decoding and marking it.
const MAX_POSTING_BYTES_PER_CONTACT = 0.5;

/** Bytes of `value` (a positive integer) as a varint: seven bits per byte, the high bit set on all but the last. */
function varintLength(value: number): number {
  let length = 1;
  for (let rest = value >>> 7; rest !== 0; rest >>>= 7) length++;
  return length;
}

const BLOCK_BITS = 16;
const BLOCK_SIZE = 1 << BLOCK_BITS;

/** Word ids in the order met, in blocks of a fixed size (256 kB): it grows without copying what it holds. */
class WordIdList {
  private readonly blocks: Int32Array[] = [];
  length = 0;

  push(id: number): void {
    const offset = this.length & (BLOCK_SIZE - 1);
    if (offset === 0) this.blocks.push(new Int32Array(BLOCK_SIZE));
    (this.blocks[this.length >>> BLOCK_BITS] as Int32Array)[offset] = id;
    this.length++;
  }

  at(index: number): number {
    return (this.blocks[index >>> BLOCK_BITS] as Int32Array)[index & (BLOCK_SIZE - 1)] as number;
  }
}

/**
 * The words of one account's contact search texts and, per word, the positions (in the account's list) of the
 * contacts having it. It only narrows the contacts to check: callers still match each candidate's
 * search text, so results and their order are those of a plain walk.
 *
 * Kept small: the vocabulary is one string, and each word's positions are ascending gaps packed as varints in
 * one byte array (about a byte a position, 7 MB at 100,000 contacts). Built in two passes: the first reads the
 * texts and notes each contact's distinct word ids in one list of ids (about 64 a contact, 26 MB while it is built
 * at 100,000 contacts), which the second turns into the gaps without reading a text again.
 *
 * Immutable once built, so every store forked from one seeded dataset shares it. Contacts added since the build
 * (positions at or past `size`) and the positions the caller says changed since are always candidates, so the
 * index never hides a match.
 */
export class SearchIndex {
  /** How many contacts (the first of the account's list) the index covers. */
  readonly size: number;
  /** Every word once, each followed by a newline (not a word unit, so a lookup never spans two words). */
  private readonly vocabulary: string;
  /** Offset of each word in `vocabulary`, plus its length at the end. */
  private readonly wordStarts: Uint32Array;
  /** `postings[postingStarts[w] .. postingStarts[w + 1]]` are the varint gaps between the positions having word `w`. */
  private readonly postingStarts: Uint32Array;
  private readonly postings: Uint8Array;

  /**
   * Indexes the search texts of `contacts`, an account's list (contacts are only ever appended to it); `textOf`
   * gives a contact's.
   */
  constructor(contacts: readonly ContactRecord[], textOf: (contact: ContactRecord) => string) {
    this.size = contacts.length;
    const wordIds = new Map<string, number>();
    const words: string[] = [];
    const byteCounts: number[] = [];
    const previous: number[] = [];
    const wordsOfContacts = new WordIdList();
    /** Per contact, the end of its word ids in `wordsOfContacts`. */
    const ends = new Uint32Array(contacts.length);
    // First pass: the vocabulary, the bytes of each word's gaps and each contact's distinct words.
    for (let position = 0; position < contacts.length; position++) {
      forEachWord(textOf(contacts[position] as ContactRecord), (word) => {
        let id = wordIds.get(word);
        if (id === undefined) {
          id = words.length;
          wordIds.set(word, id);
          words.push(word);
          byteCounts.push(0);
          previous.push(-1);
        }
        const last = previous[id] as number;
        if (last === position) return;
        byteCounts[id] = (byteCounts[id] as number) + varintLength(position - last);
        previous[id] = position;
        wordsOfContacts.push(id);
      });
      ends[position] = wordsOfContacts.length;
    }
    this.wordStarts = new Uint32Array(words.length + 1);
    this.postingStarts = new Uint32Array(words.length + 1);
    let offset = 0;
    for (let id = 0; id < words.length; id++) {
      this.wordStarts[id] = offset;
      offset += (words[id] as string).length + 1;
      this.postingStarts[id + 1] = (this.postingStarts[id] as number) + (byteCounts[id] as number);
    }
    this.wordStarts[words.length] = offset;
    this.vocabulary = words.join('\n') + '\n';
    // Second pass: the gaps themselves. Contacts are visited in order, so each word's positions ascend.
    const postings = new Uint8Array(this.postingStarts[words.length] as number);
    this.postings = postings;
    const fill = this.postingStarts.slice(0, words.length);
    previous.fill(-1);
    let read = 0;
    for (let position = 0; position < contacts.length; position++) {
      for (const end = ends[position] as number; read < end; read++) {
        const id = wordsOfContacts.at(read);
        const last = previous[id] as number;
        previous[id] = position;
        let at = fill[id] as number;
        let gap = position - last;
        for (; gap >= 0x80; gap >>>= 7) postings[at++] = (gap & 0x7f) | 0x80;
        postings[at++] = gap;
        fill[id] = at;
      }
    }
  }

  /**
   * The account's contacts whose search text may contain `needle` (lowercase), in list order: every match and
   * possibly more.
   */
  candidates(needle: string, contacts: readonly ContactRecord[], changed: ReadonlySet<number>): Iterable<ContactRecord> {
    const word = longestWord(needle);
    if (word === undefined) return contacts;
    const marks = this.markWordsContaining(word);
    if (!marks) return contacts;
    for (const position of changed) marks[position] = 1;
    return this.marked(marks, contacts);
  }

  /** Marks the contacts having a word that contains `word`; undefined when that is most of them. */
  private markWordsContaining(word: string): Uint8Array | undefined {
    const ids: number[] = [];
    let bytes = 0;
    const maxBytes = this.size * MAX_POSTING_BYTES_PER_CONTACT;
    for (let at = this.vocabulary.indexOf(word); at !== -1; ) {
      const id = this.wordAt(at);
      ids.push(id);
      bytes += (this.postingStarts[id + 1] as number) - (this.postingStarts[id] as number);
      if (bytes > maxBytes) return undefined;
      at = this.vocabulary.indexOf(word, this.wordStarts[id + 1]);
    }
    const marks = new Uint8Array(this.size);
    const postings = this.postings;
    for (const id of ids) {
      let position = -1;
      for (let at = this.postingStarts[id] as number, end = this.postingStarts[id + 1] as number; at < end; ) {
        let gap = 0;
        let byte: number;
        let shift = 0;
        do {
          byte = postings[at++] as number;
          gap |= (byte & 0x7f) << shift;
          shift += 7;
        } while (byte >= 0x80);
        position += gap;
        marks[position] = 1;
      }
    }
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

  private *marked(marks: Uint8Array, contacts: readonly ContactRecord[]): Generator<ContactRecord> {
    for (let position = 0; position < contacts.length; position++) {
      if (position >= this.size || marks[position] === 1) yield contacts[position] as ContactRecord;
    }
  }
}
