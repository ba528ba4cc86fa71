// Every TypeScript block of the mock's README and of its topic pages (docs/mock/), run as a user would paste it: on its own, as an ES module, with
// `@network-org/mock` and `@network-org/sdk` resolved to this repository. A block that relies on a variable of an
// earlier block, calls an API that does not exist or throws fails here. Test files (blocks that import vitest or
// `@network-org/mock/vitest`) and the browser block are run by `pnpm test:pack`, in vitest and type-checked.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { mockPrograms } from '../../../../test/pack/readme-snippets.mjs';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SCRATCH = fileURLToPath(new URL('./.scratch/', import.meta.url));

const programs = mockPrograms(ROOT);
const scripts = programs.filter(({ kind }) => kind === 'script');

describe("the mock's README and topic pages: snippets", () => {
  mkdirSync(SCRATCH, { recursive: true });
  afterAll(() => rmSync(SCRATCH, { recursive: true, force: true }));

  it('has TypeScript blocks to run, and test files for vitest', () => {
    expect(scripts.length).toBeGreaterThanOrEqual(4);
    expect(programs.filter(({ kind }) => kind === 'test').length).toBeGreaterThanOrEqual(2);
  });

  it.each(scripts)('$name ($path) runs on its own', async ({ file, source }) => {
    const path = `${SCRATCH}${file.replace(/\.mts$/, '.ts')}`;
    writeFileSync(path, source);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      await expect(import(path)).resolves.toBeDefined();
    } finally {
      log.mockRestore();
    }
  });
});
