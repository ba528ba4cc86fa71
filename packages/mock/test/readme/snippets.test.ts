// Every TypeScript block of the mock's README, run as a user would paste it: on its own, as an ES module, with
// `@network-org/mock` and `@network-org/sdk` resolved to this repository. A block that relies on a variable of an
// earlier block, calls an API that does not exist or throws fails here. Blocks that import a test runner are test
// files of their own (the quick start) and run through that runner elsewhere; the browser block needs a page.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';

const README = fileURLToPath(new URL('../../README.md', import.meta.url));
const SCRATCH = fileURLToPath(new URL('./.scratch/', import.meta.url));

const blocks = [...readFileSync(README, 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map((match, index) => ({
  index: index + 1,
  source: match[1] as string,
}));
const runnable = blocks.filter(
  ({ source }) => !/from '(vitest|@jest\/globals)'/.test(source) && !source.includes("'@network-org/mock/browser'"),
);

describe('packages/mock/README.md snippets', () => {
  mkdirSync(SCRATCH, { recursive: true });
  afterAll(() => rmSync(SCRATCH, { recursive: true, force: true }));

  it('has TypeScript blocks to run', () => {
    expect(runnable.length).toBeGreaterThanOrEqual(4);
  });

  it.each(runnable)('block $index runs on its own', async ({ index, source }) => {
    const file = `${SCRATCH}block-${index}.ts`;
    writeFileSync(file, source);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      await expect(import(file)).resolves.toBeDefined();
    } finally {
      log.mockRestore();
    }
  });
});
