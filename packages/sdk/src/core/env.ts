type ProcessLike = { env?: Record<string, string | undefined> };

/** An environment variable where `process` exists (Node, Bun, Deno's compat layer); never elsewhere. */
export interface EnvValue {
  value: string | undefined;
  /** The environment exists but refused the read (Deno without --allow-env). */
  denied: boolean;
}

export function readEnv(name: string): EnvValue {
  const process = (globalThis as { process?: ProcessLike }).process;
  try {
    const value = process?.env?.[name]?.trim();
    return { value: value || undefined, denied: false };
  } catch {
    return { value: undefined, denied: true };
  }
}
