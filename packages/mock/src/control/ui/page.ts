import type { MockResponse } from '../../engine/message';
import { inspectorBundle } from './bundle';

let page: MockResponse['body'] | undefined;
let policy: string | undefined;

/**
 * `GET /__mock/ui/`: one self-contained document (the script and style inline), allowed by its Content-Security-Policy
 * to run only that script and style and to talk only to the mock's own origin.
 */
export async function inspectorPage(): Promise<MockResponse> {
  if (page === undefined || policy === undefined) {
    const { js, css, scriptHash, styleHash } = await inspectorBundle();
    const html =
      '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
      '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark">' +
      `<link rel="icon" href="data:,"><title>network-mock inspector</title><style>${css}</style></head><body><script>${js}</script></body></html>`;
    page = new TextEncoder().encode(html);
    policy = [
      "default-src 'none'",
      `script-src '${scriptHash}'`,
      `style-src '${styleHash}'`,
      "connect-src 'self'",
      "img-src 'self' data:",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ].join('; ');
  }
  return {
    kind: 'response',
    status: 200,
    headers: [
      ['content-type', 'text/html; charset=utf-8'],
      ['content-security-policy', policy],
      ['cache-control', 'no-store'],
      // The page may be opened with `?token=`: no referrer carries it anywhere.
      ['referrer-policy', 'no-referrer'],
      ['x-content-type-options', 'nosniff'],
    ],
    body: page,
  };
}
