// The tree is a reference in the product's own words: no line names the work that made it (an issue number, a work
// round, a commit hash, a clock time). A reader needs what is true now and why; the history is in git.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { workWordsIn } from './work-words';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** This file and its matcher hold the examples that prove the matcher. */
const OWN = new Set(['test/docs/work-words.test.ts', 'test/docs/work-words.ts']);

function trackedTextFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  return out.split('\0').filter((path) => path !== '' && !OWN.has(path) && path !== 'pnpm-lock.yaml' && !/\.(png|jpe?g|gif|ico|woff2?|tgz)$/.test(path));
}

function workWordLines(paths: string[]): string[] {
  const found: string[] = [];
  for (const path of paths) {
    let text: string;
    try {
      text = readFileSync(`${root}/${path}`, 'utf8');
    } catch {
      continue;
    }
    text.split('\n').forEach((line, index) => {
      const kinds = workWordsIn(line);
      if (kinds.length > 0) found.push(`${path}:${index + 1}: ${kinds.join(', ')}: ${line.trim().slice(0, 120)}`);
    });
  }
  return found;
}

describe('work words', () => {
  it('no line of the tree names an issue, a work round, a commit or a clock time', () => {
    expect(workWordLines(trackedTextFiles())).toEqual([]);
  });

  it.each<[string, string[]]>([
    ['Issue 38, fourth round: the PATCH', ['an issue number', 'a work round']],
    ['the target of issue 12', ['an issue number']],
    ['see issues 12 and 14', ['an issue number']],
    ['fixed in #38', ['an issue number']],
    ['(#7) the journal', ['an issue number']],
    ['measured in the second round', ['a work round']],
    ['after this round\'s cuts', ['a work round']],
    ['3.5 s, the round before it regressed', ['a work round']],
    ['measured on commit `4475ef7`', ['a commit hash']],
    ['fixed in fa6bc93, now asserted', ['a commit hash']],
    ['the full run of 08:05 UTC', ['a clock time']],
    ['16:52 to 17:02 UTC, load 6', ['a clock time']],
  ])('finds them: %j', (line, kinds) => {
    expect(workWordsIn(line)).toEqual(kinds);
  });

  it.each([
    'each round runs every contender once, in the same rounds',
    'untimed runs before the rounds; a round trip over loopback',
    "color: #666; the heading's anchor is #faults",
    'the list at `/v1/contacts#2`, a private `#cache` field',
    'sha256 of the body: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    'an id such as 0123456 or a word such as deadbeef',
    'the instant 2026-01-15T12:00:00Z, an offset of +05:00',
    'Retry-After: Thu, 15 Jan 2026 12:00:03 GMT',
    'the day starts at 01:00 local time',
    'Professional-Network Organization Data API: every issue of a cursor is 400',
  ])('lets the product speak: %j', (line) => {
    expect(workWordsIn(line)).toEqual([]);
  });
});
