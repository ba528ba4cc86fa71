// A newcomer's first command, `pnpm install --frozen-lockfile` in a fresh clone (no node_modules, no dist), must
// print nothing that looks like a failure: no `WARN` line (a bin whose target is not built yet, a deprecated
// dependency) and no box of ignored build scripts. Every such warning is removed at its source (CONTRIBUTING.md,
// "A quiet install"). The install is the one the tarballs are packed from: a copy of the checkout, installed before
// anything is built or versioned in it (test/tools/tarballs.mjs).

/** Lines of pnpm's output a newcomer would take for a problem. */
export function installNoise(output) {
  return output.split('\n').filter((line) => /\bWARN\b|Ignored build scripts|approve-builds/.test(line));
}

/** Checks the output of a fresh clone's `pnpm install --frozen-lockfile`; rejects with the noisy lines. */
export async function checkQuietInstall(output) {
  const noise = installNoise(output);
  if (noise.length > 0) {
    throw new Error(`a fresh \`pnpm install --frozen-lockfile\` printed warnings:\n  ${noise.map((line) => line.trim()).join('\n  ')}\n\n${output}`);
  }
  return output;
}
