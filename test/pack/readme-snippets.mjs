// The TypeScript snippets of the READMEs and of the mock's topic pages (docs/mock/) as a newcomer pastes them: each one a program of its own, in a project that
// installed the packages. Every snippet must import and build what it uses (no snippet continues another), so a
// section copied alone compiles and runs. What a snippet is decides how it is checked:
//   script     type-checked, then run (the quick start with tsx, as its README says; the others as JavaScript
//              that esbuild made of them, with node). SDK snippets build their client from NETWORK_BASE_URL and
//              NETWORK_API_KEY, which the runner points at a freshly seeded `network-mock serve`;
//   test       a vitest test file (imports `vitest` or `@network-org/mock/vitest` and declares tests): type-checked,
//              then run with `vitest run`;
//   typecheck  type-checked only: a page's code (`@network-org/mock/browser`), or test hooks without a test.
// Snippets of jest (`@jest/globals`) are left out: they need jest installed and its ESM mode; so are Playwright's
// (`@playwright/test`): they need a browser, and examples/browser/test makes the same calls in Chromium.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const SNIPPET = /```ts\n([\s\S]*?)```/g;
const imports = (source, pattern) => new RegExp(`(?:from |import\\()'(${pattern})'`).test(source);

function kindOf(source) {
  if (imports(source, '@jest/globals|@playwright/test')) return undefined;
  if (imports(source, '@network-org/mock/browser')) return 'typecheck';
  if (imports(source, 'vitest|@network-org/mock/vitest')) return /^\s*(?:test|it|describe)\b[\w.]*\(/m.test(source) ? 'test' : 'typecheck';
  return 'script';
}

/** `{name, file, source, kind}` per snippet of a README; `file` is where it is written (`.test.mts` for a test). */
export function readmePrograms(name, markdown) {
  return [...markdown.matchAll(SNIPPET)].flatMap((match, index) => {
    const source = match[1];
    const kind = kindOf(source);
    if (kind === undefined) return [];
    const program = `${name}-${index + 1}`;
    return [{ name: program, file: `${program}${kind === 'test' ? '.test' : ''}.mts`, source, kind }];
  });
}

/**
 * The mock's documentation as `{page, path, markdown}`: its README (`page` "mock") and each topic page of
 * docs/mock/ ("mock-in-process" for in-process.md). `root` is the repository's directory.
 */
export function mockPages(root) {
  const pages = [{ page: 'mock', path: 'packages/mock/README.md' }];
  for (const file of readdirSync(join(root, 'docs/mock')).filter((name) => name.endsWith('.md')).sort()) {
    pages.push({ page: `mock-${file.replace(/\.md$/, '')}`, path: `docs/mock/${file}` });
  }
  return pages.map((page) => ({ ...page, markdown: readFileSync(join(root, page.path), 'utf8') }));
}

/** `readmePrograms` of every page of the mock's documentation, each named by its page (`mock-in-process-3`). */
export function mockPrograms(root) {
  return mockPages(root).flatMap(({ page, path, markdown }) => readmePrograms(page, markdown).map((program) => ({ ...program, path })));
}
