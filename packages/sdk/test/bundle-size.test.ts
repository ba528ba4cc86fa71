// A browser or worker app that imports only `NetworkClient` must not ship zod: validation is opt-in by
// importing `@network-org/sdk/zod`. Single-file bundlers inline even a lazy `import()`, so the main entry's
// module graph must not name the schemas at all.
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

// 10 KiB, the same limit as size-limit in package.json. The client was under 8 KiB before the client-side rate
// limiter (`rateLimit`, a plain option of NetworkClient, so in the main entry) added about 1 KiB, and 9,081 bytes
// before `client.request`: its route table (every operation's method, path and list key, about 150 bytes), the
// operation path (about 120) and NETWORK_LOG (about 65) brought it to about 9,430, and 9,673 before the retry rule
// by operation (which failures mean a request never left, the route table's `retrySafe`: about 160).
const GZIP_LIMIT_BYTES = 10 * 1024;
// Names that only zod's own code carries.
const ZOD_MARKERS = /\$ZodType|ZodError/;
const src = (path: string) => fileURLToPath(new URL(`../src/${path}`, import.meta.url));

/** The minified bundle and the files esbuild put in it. */
async function bundle(contents: string): Promise<{ code: string; inputs: string[] }> {
  const result = await build({
    stdin: { contents, resolveDir: fileURLToPath(new URL('.', import.meta.url)), loader: 'ts' },
    bundle: true,
    minify: true,
    platform: 'browser',
    format: 'esm',
    splitting: false,
    write: false,
    logLevel: 'silent',
    metafile: true,
    alias: { '@network-org/sdk/zod': src('zod.ts'), '@network-org/sdk': src('index.ts') },
  });
  return { code: result.outputFiles[0]?.text ?? '', inputs: Object.keys(result.metafile.inputs) };
}

describe('bundle of the main entry', () => {
  it(`esbuild --bundle --minify of "import { NetworkClient }" stays under ${GZIP_LIMIT_BYTES / 1024} kB gzip, without zod`, async () => {
    const { code, inputs } = await bundle("import { NetworkClient } from '@network-org/sdk';\nconsole.log(NetworkClient);\n");
    expect(inputs.filter((input) => /zod/.test(input))).toEqual([]);
    expect(ZOD_MARKERS.test(code), 'zod is in the bundle').toBe(false);
    expect(gzipSync(code).byteLength).toBeLessThan(GZIP_LIMIT_BYTES);
  });

  it('the validator, imported on purpose, brings zod along', async () => {
    const { code } = await bundle(
      "import { NetworkClient } from '@network-org/sdk';\nimport { validateResponses } from '@network-org/sdk/zod';\nconsole.log(new NetworkClient({ apiKey: 'k', baseUrl: 'https://x.test', validateResponses }));\n",
    );
    expect(ZOD_MARKERS.test(code)).toBe(true);
  });
});
