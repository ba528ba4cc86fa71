// The repository stands on its own: a clone has none of the team's working papers, so a numbered section
// reference ("§4") in code or docs points a reader at a document they cannot open.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SECTION_REFERENCE = /§\s*\d/;
const THIS_FILE = 'test/docs/references.test.ts';

function trackedTextFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  return out.split('\0').filter((path) => path !== '' && !/\.(png|jpe?g|gif|ico|woff2?|tgz)$/.test(path));
}

function referencesIn(paths: string[]): string[] {
  const found: string[] = [];
  for (const path of paths) {
    let text: string;
    try {
      text = readFileSync(`${root}/${path}`, 'utf8');
    } catch {
      continue;
    }
    if (!text.includes('§')) continue;
    text.split('\n').forEach((line, index) => {
      if (SECTION_REFERENCE.test(line)) found.push(`${path}:${index + 1}: ${line.trim().slice(0, 120)}`);
    });
  }
  return found;
}

describe('references', () => {
  it('no file of the repository points at a numbered section of a document outside it', () => {
    expect(referencesIn(trackedTextFiles().filter((path) => path !== THIS_FILE))).toEqual([]);
  });

  it('finds a reference where one is written', () => {
    // The checker itself, on a file that holds one: a check that cannot fail proves nothing.
    expect(referencesIn([THIS_FILE])[0]).toMatch(/^test\/docs\/references\.test\.ts:2: .*\("§4"\)/);
  });
});
