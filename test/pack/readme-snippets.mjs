// The READMEs' TypeScript snippets as programs a newcomer could paste into a project that installed the tarballs.
// A README whose snippets continue each other (the SDK's: the quick start defines `client`, `mock`, `accountId`)
// becomes one program, its imports merged at the top. A snippet that starts over on its own (imports and builds
// what it needs, e.g. a client from the environment) is its own program. Snippets that import a test runner
// are left out: they need that runner installed.
const SNIPPET = /```ts\n([\s\S]*?)```/g;
const IMPORT = /^import (type )?\{([^}]*)\} from '([^']+)';\n/gm;
const TEST_RUNNERS = ['vitest', '@jest/globals'];

function snippets(markdown) {
  return [...markdown.matchAll(SNIPPET)].map((match) => match[1]);
}

function importsOf(snippet) {
  return [...snippet.matchAll(IMPORT)].map((match) => ({
    statement: match[0],
    module: match[3],
    names: match[2]
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
      .map((name) => (match[1] ? `type ${name}` : name)),
  }));
}

/** One program of the snippets, in order, each import statement moved to the top and merged per module. */
function program(parts) {
  const modules = new Map();
  const bodies = parts.map((part) => {
    let body = part;
    for (const { statement, module, names } of importsOf(part)) {
      const merged = modules.get(module) ?? new Set();
      names.forEach((name) => merged.add(name));
      modules.set(module, merged);
      body = body.replace(statement, '');
    }
    return body;
  });
  const head = [...modules].map(([module, names]) => `import { ${[...names].join(', ')} } from '${module}';`);
  return `${head.join('\n')}\n${bodies.join('\n')}`;
}

/**
 * `{name, source, runnable}` per program of a README. `continued`: whether snippets without a setup of their own
 * continue the first one. Only the continued program runs (it starts the in-process mock itself); the others
 * are type-checked.
 */
export function readmePrograms(name, markdown, { continued }) {
  const usable = snippets(markdown).filter((snippet) => !importsOf(snippet).some(({ module }) => TEST_RUNNERS.includes(module)));
  const standalone = (snippet) => /new NetworkClient\(\)/.test(snippet) || (!continued && snippet.startsWith('import '));
  const programs = usable
    .filter(standalone)
    .map((snippet, i) => ({ name: `${name}-${i + 1}`, source: program([snippet]), runnable: false }));
  if (continued) programs.unshift({ name, source: program(usable.filter((snippet) => !standalone(snippet))), runnable: true });
  return programs;
}
