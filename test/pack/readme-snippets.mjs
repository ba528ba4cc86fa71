// The READMEs' TypeScript snippets as a newcomer pastes them: each one a program of its own, in a project that
// installed the packages. Every snippet must import and build what it uses (no snippet continues another), so a
// section copied alone compiles and runs. What a snippet is decides how it is checked:
//   script     type-checked, then run (the quick start with tsx, as its README says; the others as JavaScript
//              that esbuild made of them, with node). SDK snippets build their client from NETWORK_BASE_URL and
//              NETWORK_API_KEY, which the runner points at a freshly seeded `network-mock serve`;
//   test       a vitest test file (imports `vitest` or `@network-org/mock/vitest` and declares tests): type-checked,
//              then run with `vitest run`;
//   typecheck  type-checked only: a page's code (`@network-org/mock/browser`), or test hooks without a test.
// Snippets of jest (`@jest/globals`) are left out: they need jest installed and its ESM mode.
const SNIPPET = /```ts\n([\s\S]*?)```/g;
const imports = (source, pattern) => new RegExp(`from '(${pattern})'`).test(source);

function kindOf(source) {
  if (imports(source, '@jest/globals')) return undefined;
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
