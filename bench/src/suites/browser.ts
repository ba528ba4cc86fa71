import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromiumPresent, launchChromium, serveDirectory } from '../../../examples/browser/test/chromium';
import { median, ms } from '../lib/stats';
import type { Section, TargetCheck } from '../report';

export interface BrowserOptions {
  /** Page loads, each in a fresh browser context (no cache, no service worker yet); the median counts. */
  loads: number;
}

export const BROWSER_FULL: BrowserOptions = { loads: 7 };

/**
 * Set from what the page weighs and takes since the dataset draws from only the faker definitions it uses and msw's
 * GraphQL support stays out (293 kB gzip; in turns with the build before, on a two-core machine at load 20 to 25,
 * the import took 732 ms against 1,136 ms and setupMockWorker() 525 ms against 648 ms), with room for noise on a
 * quiet machine. A developer's first measurement, from Vite's dev server (its modules unminified), was 622 kB gzip
 * and an import of 0.5 to 0.65 s on an idle machine; the built page weighed 429 kB gzip before.
 */
const TARGET_GZIP_BYTES = 310_000;
const TARGET_IMPORT_MS = 600;
const TARGET_SETUP_MS = 500;

const examples = fileURLToPath(new URL('../../../examples/', import.meta.url));
const PAGE = join(examples, 'browser/bench');

interface PageResult {
  importMs: number;
  setupMs: number;
  startMs: number;
  firstAnswerMs: number;
  status: number;
}

/** The page's development build (the mock in it, from the built packages, as an app installs them) in `outDir`. */
function buildPage(outDir: string): void {
  const run = (script: string, args: string[]) => execFileSync(process.execPath, [join(examples, 'node_modules', script), ...args], { cwd: examples, stdio: 'pipe' });
  // NODE_ENV left to Vite (development, by the mode).
  run('vite/bin/vite.js', ['build', PAGE, '--mode', 'development', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error']);
  run('msw/cli/index.js', ['init', outDir, '--no-save']);
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} kB`;

/** The mock in a browser page: what it adds to a development bundle, and what its import and set-up cost a page load. */
export async function browserSuite(options: BrowserOptions): Promise<Section> {
  if (!chromiumPresent()) throw new Error('the browser suite needs Chromium at /usr/bin/chromium (apt-get install -y chromium)');
  const outDir = mkdtempSync(join(tmpdir(), 'network-org-bench-browser-'));
  try {
    buildPage(outDir);
    const scripts = readdirSync(join(outDir, 'assets')).filter((name) => name.endsWith('.js'));
    const bytes = scripts.map((name) => readFileSync(join(outDir, 'assets', name)));
    const raw = bytes.reduce((sum, file) => sum + file.length, 0);
    const gzip = bytes.reduce((sum, file) => sum + gzipSync(file).length, 0);

    const served = await serveDirectory(outDir, '/');
    const browser = await launchChromium();
    const results: PageResult[] = [];
    try {
      for (let load = 0; load < options.loads; load++) {
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.goto(served.url);
        results.push((await (await page.waitForFunction('globalThis.benchResult', undefined, { timeout: 120_000 })).jsonValue()) as PageResult);
        await context.close();
      }
    } finally {
      await browser.close();
      await served.close();
    }
    if (results.some((result) => result.status !== 200)) throw new Error(`the page's first list was not 200: ${JSON.stringify(results)}`);
    const of = (key: keyof PageResult) => median(results.map((result) => result[key]));
    const rows = [
      ['the mock in a development bundle (msw and faker included), minified', kb(raw)],
      ['the same, gzip', kb(gzip)],
      ['`await import(\'@network-org/mock/browser\')`', ms(of('importMs'), 0)],
      ['`setupMockWorker()` (builds the seeded dataset)', ms(of('setupMs'), 0)],
      ['`worker.start()` (registers msw\'s service worker)', ms(of('startMs'), 0)],
      ['first `GET /v1/contacts` answered through the worker', ms(of('firstAnswerMs'), 0)],
    ];
    const targets: TargetCheck[] = [
      { target: `the mock adds at most ${kb(TARGET_GZIP_BYTES)} gzip to a development bundle`, measured: kb(gzip), met: gzip <= TARGET_GZIP_BYTES },
      {
        target: `\`import('@network-org/mock/browser')\` at most ${ms(TARGET_IMPORT_MS, 0)} of a page load in Chromium`,
        measured: ms(of('importMs'), 0),
        met: of('importMs') <= TARGET_IMPORT_MS,
      },
      {
        target: `\`setupMockWorker()\` (builds the seeded dataset) at most ${ms(TARGET_SETUP_MS, 0)}`,
        measured: ms(of('setupMs'), 0),
        met: of('setupMs') <= TARGET_SETUP_MS,
      },
    ];
    return {
      title: 'The mock in a browser page',
      method: `A page that imports \`@network-org/mock/browser\`, built by Vite in development mode from the built packages; its JavaScript measured, then the page loaded ${options.loads} times in Chromium, each in a fresh context; the median of each step's wall time in the page (\`performance.now()\`).`,
      columns: ['what', 'size or median time'],
      rows,
      targets,
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
