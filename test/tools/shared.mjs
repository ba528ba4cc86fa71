// What the lanes of one `node scripts/test.mjs` run make once and share (the packed tarballs; under --ci the runtimes
// from npm too): NETWORK_ORG_PACKED names their folder. The first lane to ask for a thing makes it; the others wait
// for it.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The folder the lanes share, or undefined outside `scripts/test.mjs` (each command then makes its own). */
export const sharedFolder = () => process.env.NETWORK_ORG_PACKED || undefined;

/**
 * The shared folder when the runtimes from npm are shared too (`scripts/test.mjs --ci`, where test:pack and
 * test:runtimes both need them): there the first lane installs every runtime either uses. A local `pnpm test` has
 * no test:runtimes lane, so its test:pack installs only the runtime it needs, as alone.
 */
export const sharedRuntimesFolder = () => (process.env.NETWORK_ORG_SHARE_RUNTIMES ? sharedFolder() : undefined);

/**
 * `make(folder)`'s result (JSON), made once in `folder` by the first caller of `name`: the others wait for it, and
 * fail with the first caller's reason when it failed.
 */
export async function makeOnce(folder, name, make, step = () => {}) {
  mkdirSync(folder, { recursive: true });
  const result = join(folder, `${name}.json`);
  const failure = join(folder, `${name}.failed.txt`);
  try {
    mkdirSync(join(folder, `${name}.lock`));
  } catch {
    if (!existsSync(result)) step(`waiting for the ${name} another lane makes in ${folder}`);
    const deadline = Date.now() + 30 * 60_000;
    while (Date.now() < deadline) {
      if (existsSync(result)) return JSON.parse(readFileSync(result, 'utf8'));
      if (existsSync(failure)) throw new Error(`the lane that made the ${name} in ${folder} failed:\n${readFileSync(failure, 'utf8')}`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    throw new Error(`no ${name} in ${folder} after 30 minutes`);
  }
  try {
    const made = await make(folder);
    writeFileSync(`${result}.tmp`, JSON.stringify(made));
    renameSync(`${result}.tmp`, result);
    return made;
  } catch (error) {
    writeFileSync(failure, error instanceof Error ? error.message : String(error));
    throw error;
  }
}
