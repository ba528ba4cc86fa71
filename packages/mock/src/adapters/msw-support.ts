// Which msw the mock runs with, checked when the mock is imported: msw 3 on a Node older than 22.12
// imports fine and fails only at the first request, deep in a cause chain (`Promise.withResolvers is not a
// function`), so the pairing is refused at once with the fix in the message.

/** The oldest Node each msw major runs on (its package's `engines.node`). */
const NODE_FLOOR: Readonly<Record<number, readonly [number, number]>> = { 3: [22, 12] };

/** What the check needs to know about where it runs: Node's version, or none (a browser, Deno, Bun). */
export interface HostRuntime {
  node: string | undefined;
}

/** The running host: Node's version; undefined where msw's Node builds are not what runs (browsers, Deno, Bun). */
export function hostRuntime(): HostRuntime {
  const host = globalThis as { process?: { versions?: Record<string, string | undefined> }; Deno?: unknown };
  const versions = host.process?.versions;
  if (!versions || host.Deno !== undefined || versions.bun !== undefined) return { node: undefined };
  return { node: versions.node };
}

/**
 * The major of a loaded msw root module, from what it exports: `http` arrived in msw 2 (msw 1 had `rest`), and
 * msw 3 moved `graphql` out of the root entry (to `msw/graphql`). Undefined for an msw older than 2.
 */
export function mswMajor(msw: object): number | undefined {
  if (!('http' in msw)) return undefined;
  return 'graphql' in msw ? 2 : 3;
}

const parse = (version: string): [number, number] => {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  return [major, minor];
};

const MSW_TOO_OLD =
  '@network-org/mock needs msw 2 or 3, and the msw installed is older (it has no `http` export). Install msw@2 (Node 20.19 or later) or msw@3 (Node 22.12 or later): npm i -D msw@2';

/** Why this msw cannot run here, naming both versions and the fix; undefined when it can. */
export function mswProblem(msw: object, runtime: HostRuntime): string | undefined {
  const major = mswMajor(msw);
  if (major === undefined) return MSW_TOO_OLD;
  const floor = NODE_FLOOR[major];
  if (!floor || runtime.node === undefined) return undefined;
  const [nodeMajor, nodeMinor] = parse(runtime.node);
  if (nodeMajor > floor[0] || (nodeMajor === floor[0] && nodeMinor >= floor[1])) return undefined;
  return (
    `@network-org/mock: msw ${major} needs Node.js ${floor.join('.')} or later, and this is Node.js ${runtime.node.replace(/^v/, '')}. ` +
    `Install msw 2 instead (npm i -D msw@2, or pnpm add -D msw@2), which runs on Node.js 20.19 and later, or run Node.js ${floor.join('.')}+.`
  );
}

/** Throws when the loaded msw cannot run on this host (called once, when the mock's msw adapter loads). */
export function assertMswRuns(msw: object, runtime: HostRuntime = hostRuntime()): void {
  const problem = mswProblem(msw, runtime);
  if (problem !== undefined) throw new Error(problem);
}

/**
 * Throws when msw's root module has no `http` (an msw older than 2), given that export alone: a page's bundle then
 * holds only what `http` needs, where handing over the whole module would keep all of msw, its GraphQL parser too.
 */
export function assertMswHttp(http: unknown): void {
  if (http === undefined) throw new Error(MSW_TOO_OLD);
}
