import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

// Build, serve and open the example in Debian's Chromium (playwright cannot download browsers here).

export const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const EXAMPLES = fileURLToPath(new URL('../../', import.meta.url));
const EXAMPLE = join(EXAMPLES, 'browser');
const DIST = join(EXAMPLE, 'dist');
/** The page is served under a base path, as an app behind a reverse proxy is: msw's worker script follows it. */
export const BASE_PATH = '/contacts/';

export const chromiumPresent = (): boolean => existsSync(CHROMIUM);

/**
 * A bound on a hung browser, not on speed: a test drives a page through many steps, and under CI's load (every lane
 * side by side on two cores) each step of a real Chromium can take seconds.
 */
export const CHROMIUM_TEST_TIMEOUT = 120_000;

function runNode(script: string, args: string[], cwd: string): void {
  execFileSync(process.execPath, [script, ...args], { cwd, stdio: 'pipe' });
}

/**
 * Generates msw's worker script (npm 11 and pnpm skip msw's postinstall; it is gitignored) and builds the page in
 * development mode (`import.meta.env.DEV`, so the mock is in it) under BASE_PATH.
 */
export function buildExample(): void {
  const packageDir = (name: string) => join(EXAMPLES, 'node_modules', name);
  runNode(join(packageDir('msw'), 'cli', 'index.js'), ['init', 'browser/public', '--no-save'], EXAMPLES);
  runNode(join(packageDir('vite'), 'bin', 'vite.js'), ['build', '--mode', 'development', '--base', BASE_PATH, '--logLevel', 'error'], EXAMPLE);
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

export interface ServedExample {
  url: string;
  close(): Promise<void>;
}

/** Serves a built page (`dir`) under `basePath` on a loopback port (a secure context, so the service worker may register). */
export function serveDirectory(dir: string, basePath: string): Promise<ServedExample> {
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const inApp = pathname.startsWith(basePath) ? pathname.slice(basePath.length) : undefined;
    const file = normalize(join(dir, inApp === '' ? 'index.html' : decodeURIComponent(inApp ?? '\0')));
    if (inApp === undefined || !file.startsWith(dir) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${basePath}`,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

/** Serves the built example under BASE_PATH. */
export const serveExample = (): Promise<ServedExample> => serveDirectory(DIST, BASE_PATH);

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}
