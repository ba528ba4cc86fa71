// Types of toolchain.mjs, for the TypeScript tests that run a tool on a runtime from npm (e.g. the MCP Inspector,
// which needs Node 22, in packages/mcp/test).

/** A runtime's binary and the version it answered `--version` with. */
export interface RuntimeBinary {
  path: string;
  version: string;
}

export declare const RUNTIME_PACKAGES: Readonly<Record<string, string>>;

export declare function npmInstall(dir: string, specs: readonly string[] | Readonly<Record<string, string>>, options?: { extraArgs?: readonly string[] }): Promise<string>;

export declare function runtimeBinary(dir: string, alias: string): RuntimeBinary;

export declare function installRuntimes<const A extends string>(dir: string, aliases: readonly A[]): Promise<Record<A, RuntimeBinary>>;
