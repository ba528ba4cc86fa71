import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');
// The generated package the build bundles into dist: its modules are part of the SDK's own graph.
const SPEC_SRC = resolve(SRC, '../../spec/src');
const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** Specifiers of the imports that stay in the JavaScript (type-only imports are erased). */
function runtimeImports(file: string): { staticImports: string[]; dynamicImports: string[] } {
  const text = readFileSync(file, 'utf8');
  const staticImports = [...text.matchAll(/^(?:import|export)\s+(?!type\b)[^'"]*?from\s+['"]([^'"]+)['"]/gm)]
    .map((match) => match[1] ?? '')
    .concat([...text.matchAll(/^import\s+['"]([^'"]+)['"]/gm)].map((match) => match[1] ?? ''));
  const dynamicImports = [...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((match) => match[1] ?? '');
  return { staticImports, dynamicImports };
}

function resolveRelative(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate)) ?? base;
}

describe('runtime portability', () => {
  it('imports no Node built-in anywhere in the SDK', () => {
    for (const file of sourceFiles(SRC)) {
      const { staticImports, dynamicImports } = runtimeImports(file);
      expect([...staticImports, ...dynamicImports].filter((specifier) => NODE_BUILTINS.has(specifier)), file).toEqual([]);
    }
  });

  it('keeps zod out of the main entry’s import graph, lazy imports included', () => {
    const reached = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      const { staticImports, dynamicImports } = runtimeImports(file);
      for (const specifier of [...staticImports, ...dynamicImports]) {
        if (specifier.startsWith('.')) visit(resolveRelative(file, specifier));
        else if (specifier.startsWith('@network-org/spec/')) visit(join(SPEC_SRC, `${specifier.slice('@network-org/spec/'.length)}.ts`));
        else packages.add(specifier);
      }
    };
    visit(join(SRC, 'index.ts'));
    expect([...packages]).toEqual(['openapi-fetch']);
    expect([...reached].filter((file) => file.endsWith('zod.ts'))).toEqual([]);
  });
});
