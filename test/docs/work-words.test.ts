// The tree is a reference in the product's own words: no line and no file's name names the work that made it (an
// issue number, a work round, a commit hash, a clock time). A reader needs what is true now and why; the history is
// in git.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { workWordsIn, workWordsInName } from './work-words';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** This file and its matcher hold the examples that prove the matcher. */
const OWN = new Set(['test/docs/work-words.test.ts', 'test/docs/work-words.ts']);

function trackedFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  return out.split('\0').filter((path) => path !== '');
}

function trackedTextFiles(): string[] {
  return trackedFiles().filter((path) => !OWN.has(path) && path !== 'pnpm-lock.yaml' && !/\.(png|jpe?g|gif|ico|woff2?|tgz)$/.test(path));
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

  it('no file of the tree is named by the work', () => {
    const files = trackedFiles();
    // The check reads every name: the changesets' too.
    expect(files).toEqual(expect.arrayContaining(['.changeset/config.json', 'test/docs/work-words.test.ts']));
    const named = files.flatMap((path) => {
      const kinds = workWordsInName(path);
      return kinds.length > 0 ? [`${path}: ${kinds.join(', ')}`] : [];
    });
    expect(named).toEqual([]);
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

  it.each<[string, string[]]>([
    ['.changeset/i50speed-one-serializer.md', ['an issue number']],
    ['.changeset/f52types-tags-hint.md', ['an issue number']],
    ['docs/issue-38-patch.md', ['an issue number']],
    ['.changeset/mcp-first-hour-round-two.md', ['a work round']],
    ['.changeset/mock-part-two.md', ['a work round']],
    ['.changeset/mock-house-second-step.md', ['a work round']],
    ['bench/results/run-4475ef7.json', ['a commit hash']],
  ])('finds them in a name: %j', (path, kinds) => {
    expect(workWordsInName(path)).toEqual(kinds);
  });

  it.each([
    'packages/mock/test/properties/state-round-trip.test.ts',
    'packages/verify/test/safety/stop.test.ts',
    'packages/mcp/test/next-steps.test.ts',
    'packages/mock/test/vitest/coverage-run/second.suite.ts',
    'docs/first-steps.md',
    '.changeset/mock-one-engine-three-adapters.md',
    'deploy/k8s/haproxy.yaml',
    'packages/sdk/test/e2e.test.ts',
    'test/pack/run-node20.mjs',
  ])('lets a name speak of the product: %j', (path) => {
    expect(workWordsInName(path)).toEqual([]);
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
