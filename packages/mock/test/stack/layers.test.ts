import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

/**
 * The stack CONTRIBUTING.md draws, bottom first: a file may import its own layer and the layers below it.
 * `activity/` is the activity report's date logic that routes and control read; `coverage/` records what each
 * request exercised of the spec, beside the engine that answers it.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['lib/', 'version.ts'],
  ['store/'],
  ['wire/'],
  ['engine/', 'activity/', 'coverage/'],
  ['routes/', 'control/'],
  ['answer-request.ts', 'adapters/'],
  ['mock-api.ts', 'create-mock-api.ts', 'server.ts', 'index.ts', 'node.ts', 'browser.ts', 'cli.ts', 'vitest.ts', 'vitest-coverage.ts', 'playwright.ts', 'cli/', 'snapshot/', 'browser/'],
];

function layerOf(file: string): number {
  const layer = LAYERS.findIndex((members) => members.some((member) => file === member || file.startsWith(member)));
  if (layer === -1) throw new Error(`${file} is in no layer of the stack: add its folder to LAYERS and to CONTRIBUTING.md`);
  return layer;
}

function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [relative(SRC, path).split('\\').join('/')] : [];
  });
}

/** Every relative module a file imports or re-exports, type-only ones included, as a path under src. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  // `… from './x'`, a bare `import './x'` and a dynamic `import('./x')`.
  const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
  const specifiers = [...text.matchAll(pattern)].map((match) => match[1] as string);
  return specifiers.map((specifier) => {
    const target = relative(SRC, resolve(dirname(join(SRC, file)), specifier)).split('\\').join('/');
    const candidates = [`${target}.ts`, `${target}.tsx`, `${target}/index.ts`, target];
    return candidates.find((candidate) => files.includes(candidate)) ?? target;
  });
}

const files = sourceFiles();

describe('the mock source keeps its one-way stack', () => {
  it('imports only its own layer and the layers below it', () => {
    const upward = files.flatMap((file) =>
      importsOf(file)
        .filter((target) => layerOf(target) > layerOf(file))
        .map((target) => `${file} imports ${target}`),
    );
    expect(upward).toEqual([]);
    // The check sees imports at all: answer-request.ts reads the engine and the control API.
    expect(importsOf('answer-request.ts')).toEqual(expect.arrayContaining(['engine/dispatch.ts', 'control/http.ts']));
  });

  it('composes the store: no class in store/ extends another store class', () => {
    const storeFiles = files.filter((file) => file.startsWith('store/'));
    const classes = storeFiles.flatMap((file) =>
      [...readFileSync(join(SRC, file), 'utf8').matchAll(/\bclass\s+(\w+)(?:\s+extends\s+([\w.]+))?/g)].map((match) => ({
        file,
        name: match[1] as string,
        base: match[2],
      })),
    );
    const storeClasses = new Set(classes.map((declared) => declared.name));
    const chained = classes.filter(({ base }) => base !== undefined && storeClasses.has(base)).map(({ file, name, base }) => `${file}: ${name} extends ${base}`);
    expect(chained).toEqual([]);
    // The check sees the store's classes at all: its storage and repositories.
    expect([...storeClasses]).toEqual(expect.arrayContaining(['VersionedStorage', 'Store', 'Contacts', 'Companies']));
  });

  it('keeps every source file under 450 lines', () => {
    const long = files
      .map((file) => ({ file, lines: readFileSync(join(SRC, file), 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > 450);
    expect(long).toEqual([]);
  });
});
