// A newcomer's first command, `pnpm install --frozen-lockfile` in a fresh clone (no node_modules, no dist), must
// print nothing that looks like a failure: no `WARN` line (a bin whose target is not built yet, a deprecated
// dependency) and no box of ignored build scripts. Every such warning is removed at its source (CONTRIBUTING.md,
// "A quiet install").
import { join } from 'node:path';
import { run } from '../tools/process.mjs';
import { copyCheckout } from '../tools/tarballs.mjs';

/** Lines of pnpm's output a newcomer would take for a problem. */
export function installNoise(output) {
  return output.split('\n').filter((line) => /\bWARN\b|Ignored build scripts|approve-builds/.test(line));
}

/** Copies the checkout to `work/clone` and installs it; rejects with the noisy lines. */
export async function checkQuietInstall(work) {
  const clone = join(work, 'clone');
  copyCheckout(clone);
  // --prefer-offline: the packages come from pnpm's store when it has them (the registry only for the rest).
  const output = await run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], { cwd: clone });
  const noise = installNoise(output);
  if (noise.length > 0) {
    throw new Error(`a fresh \`pnpm install --frozen-lockfile\` printed warnings:\n  ${noise.map((line) => line.trim()).join('\n  ')}\n\n${output}`);
  }
  return output;
}
