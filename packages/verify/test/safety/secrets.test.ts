import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type MockServer, startMockServer } from '@network-org/mock/node';
import { renderMarkdown, renderTable, runVerify } from '@network-org/verify';
import { afterAll, beforeAll, expect, it } from 'vitest';

let server: MockServer;
let dir: string;

beforeAll(async () => {
  server = await startMockServer({ port: 0, rateLimit: false });
  dir = mkdtempSync(join(tmpdir(), 'network-verify-secrets-'));
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A target that sends back whatever key it was given: in error messages, headers, values and keys of its answers. */
function echoing(url: string, init: RequestInit): Promise<Response> {
  return fetch(url, init).then(async (response) => {
    const sent = new Headers(init.headers).get('authorization')?.replace(/^Bearer /, '') ?? 'none';
    const body = (await response.json()) as Record<string, unknown> & { data?: Record<string, unknown> };
    if (body.data && typeof body.data === 'object' && !Array.isArray(body.data)) {
      body.data[sent] = sent;
      body.data.echo = `your key is ${sent}`;
    } else if (typeof body.message === 'string') {
      body.message += ` (key ${sent})`;
      body.debug = encodeURIComponent(sent);
    }
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    headers.set('x-echo', sent);
    return new Response(JSON.stringify(body), { status: response.status, headers });
  });
}

it('keeps both keys out of the report, its renderings and the recording, whatever the target echoes', async () => {
  const keys = [server.mock.keys.admin, 'sk_test_member'];
  const report = await runVerify({
    baseUrl: server.url,
    apiKey: keys[0]!,
    memberKey: keys[1]!,
    allowWrites: true,
    rateLimit: false,
    record: dir,
    only: 'contacts.',
    fetch: echoing,
  });
  // The echo is seen (a discovery names the unknown key), but as [redacted].
  expect(report.discoveries.map((d) => d.path)).toEqual(expect.arrayContaining(['$.data.[redacted]', '$.data.echo']));
  const outputs = [JSON.stringify(report), renderTable(report), renderMarkdown(report), ...readdirSync(dir).map((file) => readFileSync(join(dir, file), 'utf8'))];
  for (const output of outputs) {
    for (const key of keys) {
      expect(output).not.toContain(key);
      expect(output).not.toContain(encodeURIComponent(key));
    }
  }
}, 90_000);
