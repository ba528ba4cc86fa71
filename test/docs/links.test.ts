// A link of the documentation leads somewhere: a relative link to a file of the repository and, with an anchor, to
// a heading of it; a link to this repository on GitHub to a file on main. A published package's README is read on
// npm too, without the repository beside it: its links to other files of the repository are absolute.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const REPOSITORY = /^https:\/\/(?:github\.com\/network-org\/network-org\/(?:blob|tree)\/main|raw\.githubusercontent\.com\/network-org\/network-org\/main)\/([^#?]*)(?:#(.*))?$/;
const LINK = /!?\[(?:[^\]`]|`[^`]*`)*\]\(([^)\s]+)\)/g;

function markdownFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '*.md'], { cwd: root, encoding: 'utf8' });
  return out.split('\0').filter((path) => path !== '' && existsSync(join(root, path)));
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens; repeats get -1, -2. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)\s*#*$/.exec(line.text)?.[1];
    if (heading === undefined) continue;
    const slug = heading.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** The lines outside fenced code, with their numbers. */
function proseLines(markdown: string): { text: string; number: number }[] {
  let fenced = false;
  return markdown.split('\n').flatMap((text, index) => {
    if (/^\s*```/.test(text)) {
      fenced = !fenced;
      return [];
    }
    return fenced ? [] : [{ text, number: index + 1 }];
  });
}

function published(path: string): { files: string[] } | undefined {
  const match = /^packages\/([^/]+)\/README\.md$/.exec(path);
  if (match === null) return undefined;
  const manifest = JSON.parse(readFileSync(join(root, 'packages', match[1]!, 'package.json'), 'utf8')) as { private?: boolean; files?: string[] };
  return manifest.private === true ? undefined : { files: manifest.files ?? [] };
}

const anchorCache = new Map<string, Set<string>>();
function headingExists(file: string, anchor: string): boolean {
  if (!file.endsWith('.md')) return true;
  if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(readFileSync(join(root, file), 'utf8')));
  return anchorCache.get(file)!.has(decodeURIComponent(anchor));
}

/** What is wrong with the target of a link written in `from` (a repository path), or undefined. */
function brokenTarget(from: string, target: string): string | undefined {
  const repository = REPOSITORY.exec(target);
  if (repository !== null) {
    const [, path = '', anchor] = repository;
    const file = normalize(path.replace(/\/$/, '') || '.');
    if (!existsSync(join(root, file))) return 'no such file on main';
    if (anchor === undefined) return undefined;
    if (statSync(join(root, file)).isDirectory()) return anchor === 'readme' ? undefined : 'an anchor on a folder';
    return headingExists(file, anchor) ? undefined : `no heading #${anchor}`;
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined;
  const [path = '', anchor] = target.split('#');
  const file = path === '' ? from : normalize(join(dirname(from), decodeURIComponent(path)));
  if (file.startsWith('..')) return 'outside the repository';
  if (!existsSync(join(root, file))) return 'no such file';
  const shipped = published(from);
  if (path !== '' && shipped !== undefined) {
    const inPackage = normalize(path);
    if (!shipped.files.some((entry) => inPackage === entry || inPackage.startsWith(`${entry}/`))) return 'relative in a published README (breaks on npm): link it absolutely';
  }
  if (anchor === undefined || anchor === '') return undefined;
  return headingExists(file, anchor) ? undefined : `no heading #${anchor}`;
}

export function brokenLinks(paths: string[]): string[] {
  const found: string[] = [];
  for (const path of paths) {
    for (const { text, number } of proseLines(readFileSync(join(root, path), 'utf8'))) {
      for (const [, target] of text.replace(/`[^`]*`/g, (code) => (code.includes('](') ? '' : code)).matchAll(LINK)) {
        const problem = brokenTarget(path, target!);
        if (problem !== undefined) found.push(`${path}:${number}: ${target} (${problem})`);
      }
    }
  }
  return found;
}

describe('links', () => {
  it('every link of every Markdown file leads to a file, and a heading where it names one', () => {
    expect(brokenLinks(markdownFiles())).toEqual([]);
  });

  it('finds a broken link where one is written', () => {
    // The checker on lines that hold one of each kind: a check that cannot fail proves nothing.
    expect(brokenTarget('docs/README.md', 'no-such-page.md')).toBe('no such file');
    expect(brokenTarget('docs/README.md', 'design.md#no-such-heading')).toBe('no heading #no-such-heading');
    expect(brokenTarget('docs/README.md', 'https://github.com/network-org/network-org/blob/main/docs/no-such.md')).toBe('no such file on main');
    expect(brokenTarget('packages/mock/README.md', '../../docs/dataset.md')).toMatch(/breaks on npm/);
    expect(brokenTarget('docs/README.md', 'design.md#a-sandbox-of-replicas')).toBeUndefined();
    expect(brokenTarget('packages/mock/README.md', 'https://github.com/network-org/network-org/blob/main/docs/mock/in-process.md#without-msw-mockfetch')).toBeUndefined();
  });

  it("names a heading's anchor as GitHub does", () => {
    expect([...anchorsOf('## A session per test: `@network-org/mock/vitest`\n## Faults\n## Faults\n```\n# not a heading\n```')]).toEqual([
      'a-session-per-test-network-orgmockvitest',
      'faults',
      'faults-1',
    ]);
  });
});
