type ProcessLike = { env?: Record<string, string | undefined> };

/** An environment variable where `process` exists (Node, Bun, Deno's compat layer); never elsewhere. */
export function readEnv(name: string): string | undefined {
  const process = (globalThis as { process?: ProcessLike }).process;
  try {
    const value = process?.env?.[name]?.trim();
    return value ? value : undefined;
  } catch {
    // Deno without --allow-env throws on access: treat as unset.
    return undefined;
  }
}
