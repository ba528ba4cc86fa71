// The import graph of one package's sources, read with TypeScript's own parser, and the circles in it.
import { posix } from 'node:path';
import ts from 'typescript';

/** One package's source files: path under src (posix) -> text. */
export type SourceFiles = ReadonlyMap<string, string>;

/** Every relative module a file imports or re-exports, type-only ones included, as written. */
export interface Specifier {
  readonly text: string;
  /** A lazy `import('./x')` call with a comment on its line (or the line above) that says why it is lazy. */
  readonly explainedLazy: boolean;
}

function hasComment(line: string): boolean {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, line);
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (token === ts.SyntaxKind.SingleLineCommentTrivia || token === ts.SyntaxKind.MultiLineCommentTrivia) return true;
  }
  return false;
}

export function specifiersOf(path: string, text: string): Specifier[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const lines = text.split('\n');
  const found: Specifier[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ text: node.moduleSpecifier.text, explainedLazy: false });
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const expression = node.moduleReference.expression;
      if (ts.isStringLiteral(expression)) found.push({ text: expression.text, explainedLazy: false });
    } else if (ts.isImportTypeNode(node)) {
      // `import('./x').T` in a type: a type-only import, never lazy.
      const argument = node.argument;
      if (ts.isLiteralTypeNode(argument) && ts.isStringLiteral(argument.literal)) found.push({ text: argument.literal.text, explainedLazy: false });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) {
        const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
        const explained = hasComment(lines[line] ?? '') || /^\s*(\/\/|\/\*|\*)/.test(lines[line - 1] ?? '');
        found.push({ text: argument.text, explainedLazy: explained });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found.filter((specifier) => specifier.text.startsWith('./') || specifier.text.startsWith('../'));
}

/** The source file a relative specifier names: `.js` written for `.ts`, a folder for its index file. */
export function resolveSpecifier(from: string, specifier: string, files: SourceFiles): string | undefined {
  const target = posix.normalize(posix.join(posix.dirname(from), specifier));
  const stem = target.replace(/\.(c|m)?jsx?$/, '');
  const candidates = [target, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}.cts`, `${target}/index.ts`, `${target}/index.tsx`];
  return candidates.find((candidate) => files.has(candidate));
}

/** file -> the files of the same package it imports (explained lazy imports left out). */
export function importGraph(files: SourceFiles): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [path, text] of files) {
    const targets = specifiersOf(path, text)
      .filter((specifier) => !specifier.explainedLazy)
      .map((specifier) => resolveSpecifier(path, specifier.text, files))
      .filter((target): target is string => target !== undefined);
    graph.set(path, [...new Set(targets)].sort());
  }
  return graph;
}

/** The strongly connected groups of more than one file (or a file that imports itself): Tarjan's algorithm. */
function stronglyConnected(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const connect = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) groups.push(group.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);
  return groups;
}

/** One shortest way round from `start` back to it, inside its group. */
function loopFrom(start: string, group: ReadonlySet<string>, graph: ReadonlyMap<string, readonly string[]>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const target of graph.get(node) ?? []) {
      if (!group.has(target)) continue;
      if (target === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return [...path, start];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start];
}

/** Each circle as a line a reader can follow: the files in it, and one way round. */
export function circlesIn(files: SourceFiles): string[] {
  const graph = importGraph(files);
  return stronglyConnected(graph).map((group) => {
    const loop = loopFrom(group[0]!, new Set(group), graph);
    return `${group.length} files (${group.join(', ')}): ${loop.join(' -> ')}`;
  });
}
