// The CommonJS entries' declarations (`.d.cts`) are the ESM build's (`.d.ts`) with `.cjs` in their relative
// specifiers, so they are written from those instead of by a second declaration build: a TypeScript program over the
// mock and its generated schemas, about 20 s of CPU per build. Run by `pnpm build` after tsup.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const dist = new URL('../dist/', import.meta.url);
// The entries of the CommonJS build (tsup.config.ts); `./vitest` is ESM only.
const entries = ['index', 'node', 'browser', 'playwright'];
// `from './x.js'`, `import './x.js'` and `import('./x.js')`, in either quotes.
const relative = /(\bfrom\s*|\bimport\s*\(?\s*)(["'])\.\/([^"']+)\.js\2/g;

const pending = [...entries];
const written = new Set();
while (pending.length > 0) {
  const name = pending.pop();
  if (written.has(name)) continue;
  const from = new URL(`${name}.d.ts`, dist);
  if (!existsSync(from)) throw new Error(`packages/mock/dist/${name}.d.ts is missing: the ESM build writes it (dts: true)`);
  const text = readFileSync(from, 'utf8');
  for (const [, , , chunk] of text.matchAll(relative)) pending.push(chunk);
  writeFileSync(new URL(`${name}.d.cts`, dist), text.replace(relative, '$1$2./$3.cjs$2'));
  written.add(name);
}
