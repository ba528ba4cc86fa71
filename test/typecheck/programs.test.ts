// `pnpm typecheck` reaches every source and every test file: a file outside each of its programs would be type-checked
// by nobody, and a type test in it (`expectTypeOf`) would pass whatever it claims. The programs are read from the
// root package.json's `typecheck` script itself, so the check cannot drift from what CI runs.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { filesUnder } from '../support/files';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Where sources and tests live. The consumer projects of test/pack and test/runtimes are checked in those lanes. */
const SEARCHED = ['packages', 'bench/src', 'bench/test', 'examples', 'spec/test', 'test'];
const OWN_LANES = ['test/pack/', 'test/runtimes/'];

/** The tsconfig files a `typecheck` script runs (`tsc -p X`), relative to `root`. */
function programsOf(root: string): string[] {
  const script = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts['typecheck'] ?? '';
  return [...script.matchAll(/(?:-p|--project)\s+(\S+)/g)].map((match) => match[1] as string);
}

/** Every file the programs of `root`'s typecheck script check. */
function checkedFiles(root: string): Set<string> {
  const files = new Set<string>();
  for (const program of programsOf(root)) {
    const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d: ts.Diagnostic) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); } };
    const parsed = ts.getParsedCommandLineOfConfigFile(resolve(root, program), {}, host);
    for (const file of parsed?.fileNames ?? []) files.add(resolve(file));
  }
  return files;
}

/** TypeScript sources and tests (not declarations, nor a package's build configs). */
const isSource = (name: string): boolean => /\.(c|m)?tsx?$/.test(name) && !/\.d\.(c|m)?ts$/.test(name) && !name.startsWith('tsup.config.');

/** The files under `searched` that no program of the typecheck script checks, relative to `root`. */
function unchecked(root: string, searched: string[], ownLanes: string[] = []): string[] {
  const checked = checkedFiles(root);
  return searched
    .flatMap((dir) => filesUnder(root, dir, isSource))
    .map((file) => file.split('\\').join('/'))
    .filter((file) => !checked.has(resolve(root, file)) && !ownLanes.some((lane) => file.startsWith(lane)))
    .sort();
}

describe('pnpm typecheck', () => {
  it('checks every source and test file of the repository in one of its programs', () => {
    expect(programsOf(ROOT).length).toBeGreaterThan(0);
    expect(unchecked(ROOT, SEARCHED, OWN_LANES)).toEqual([]);
  });

  it('names a test file that its programs leave out', () => {
    const root = mkdtempSync(join(tmpdir(), 'typecheck-programs-'));
    try {
      mkdirSync(join(root, 'src'));
      mkdirSync(join(root, 'test'));
      writeFileSync(join(root, 'package.json'), JSON.stringify({ scripts: { typecheck: 'tsc -p tsconfig.json' } }));
      writeFileSync(join(root, 'tsconfig.json'), JSON.stringify({ include: ['src'] }));
      writeFileSync(join(root, 'src/index.ts'), 'export const one = 1;\n');
      writeFileSync(join(root, 'test/index.test.ts'), 'export {};\n');
      writeFileSync(join(root, 'test/types.test-d.ts'), 'export {};\n');
      expect(unchecked(root, ['src', 'test'])).toEqual(['test/index.test.ts', 'test/types.test-d.ts']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
