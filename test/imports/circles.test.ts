// No package's sources import each other in a circle: a newcomer can read a package from its leaves up, and a
// module is never half-initialised when another reads it. Type-only imports count too: a circle of types is as
// hard to follow. The one way out is a lazy `import()` whose line (or the line above) says why it is lazy.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { filesUnder } from '../support/files.js';
import { circlesIn, importGraph, type SourceFiles } from './import-graph.js';

const PACKAGES = fileURLToPath(new URL('../../packages', import.meta.url));

function sourcesOf(src: string): Map<string, string> {
  const sources = filesUnder(src, '.', (name) => /\.(c|m)?tsx?$/.test(name) && !name.endsWith('.d.ts'));
  return new Map(sources.map((file) => [file.split('\\').join('/'), readFileSync(join(src, file), 'utf8')]));
}

const packages = readdirSync(PACKAGES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .filter((name) => readdirSync(join(PACKAGES, name)).includes('src'))
  .sort();

describe('import circles', () => {
  it.each(packages)('packages/%s/src has no circle of imports', (name) => {
    const files = sourcesOf(join(PACKAGES, name, 'src'));
    expect(circlesIn(files)).toEqual([]);
  });

  it('reads every package', () => {
    // The check sees the packages and their imports at all.
    expect(packages).toEqual(expect.arrayContaining(['cli', 'mcp', 'mock', 'sdk', 'verify']));
    const graph = importGraph(sourcesOf(join(PACKAGES, 'mock', 'src')));
    expect(graph.get('answer-request.ts')).toEqual(expect.arrayContaining(['engine/dispatch.ts', 'control/http.ts']));
  });
});

describe('the circle finder', () => {
  const fixture = (files: Record<string, string>): SourceFiles => new Map(Object.entries(files));

  it('names every file of a circle and one way round it, type-only imports and re-exports included', () => {
    const circles = circlesIn(
      fixture({
        'a.ts': "import { b } from './b.js';\nexport const a = b;\n",
        'b.ts': "export { c as b } from './lib/index.js';\n",
        'lib/index.ts': "import type { A } from '../a.js';\nexport const c: A | 1 = 1;\n",
        'leaf.ts': "import { a } from './a.js';\nexport const leaf = a;\n",
      }),
    );
    expect(circles).toEqual(['3 files (a.ts, b.ts, lib/index.ts): a.ts -> b.ts -> lib/index.ts -> a.ts']);
  });

  it('sees a folder import, an `import type` in a type position and a file that imports itself', () => {
    const circles = circlesIn(
      fixture({
        'one.ts': "export type One = import('./two').Two;\n",
        'two/index.ts': "import type { One } from '../one';\nexport type Two = One;\n",
        'self.ts': "import * as self from './self.js';\nexport const again = self;\n",
      }),
    );
    expect(circles).toEqual(['2 files (one.ts, two/index.ts): one.ts -> two/index.ts -> one.ts', '1 files (self.ts): self.ts -> self.ts']);
  });

  it('lets a lazy import() through only when a comment says why', () => {
    const files = {
      'a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'b.ts': "export const b = () => import('./a.js');\n",
    };
    expect(circlesIn(fixture(files))).toHaveLength(1);
    const explained = { ...files, 'b.ts': "export const b = () => import('./a.js'); // loaded on first use: a.ts reads b at start\n" };
    expect(circlesIn(fixture(explained))).toEqual([]);
  });
});
