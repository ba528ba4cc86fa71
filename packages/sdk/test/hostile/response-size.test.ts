// maxResponseBytes: a body over the bound rejects with ResponseTooLargeError, is never retried, and is not read
// past the bound (the Content-Length is checked first, then streamed bytes are counted, decoded ones for gzip).
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiConnectionError, NetworkClient, ResponseTooLargeError, ResponseValidationError, type ClientOptions } from '@network-org/sdk';
import { accountsBody, sendJson, sendText, startHostileServer, type Behaviour, type HostileServer } from './server';

const MiB = 1024 * 1024;
let server: HostileServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(behave: Behaviour, options: Partial<ClientOptions> = {}): Promise<NetworkClient> {
  server = await startHostileServer(behave);
  return new NetworkClient({ apiKey: 'sk_test_size', baseUrl: server.url, maxRetries: 2, timeout: 10_000, ...options });
}

describe('maxResponseBytes', () => {
  it('defaults to 64 MiB: an announced Content-Length above it rejects at once, without waiting for the body', async () => {
    const network = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(64 * MiB + 1) });
      res.write('{"data":');
    });
    const error = await network.accounts.list().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ status: 200, maxResponseBytes: 64 * MiB });
    expect(server?.requests).toBe(1);
  });

  it('a body at the bound is read', async () => {
    const body = JSON.stringify(accountsBody);
    const network = await serve((_req, res) => sendText(res, 200, 'application/json', body), { maxResponseBytes: Buffer.byteLength(body) });
    await expect(network.accounts.list()).resolves.toEqual(accountsBody.data.accounts);
  });

  it('a body streamed in pieces that split its characters reads as the whole text, a leading byte-order mark dropped', async () => {
    const accounts = [{ ...accountsBody.data.accounts[0], name: 'Zoë Ångström 日本 🚀' }];
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify({ data: { accounts } }))]);
    const network = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      // One byte per write, a turn of the event loop apart: the mark and every multi-byte character arrive split.
      let at = 0;
      const next = () => {
        if (at === bytes.byteLength) return void res.end();
        res.write(bytes.subarray(at, ++at));
        setImmediate(next);
      };
      next();
    });
    await expect(network.accounts.list()).resolves.toEqual(accounts);
  });

  it('a streamed body without Content-Length stops being read once over, and is not retried', async () => {
    let written = 0;
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    const network = await serve(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"data":{"accounts":[]}');
        // Up to 512 MiB of whitespace, as fast as the client takes it.
        const pump = () => {
          while (written < 512 * MiB && !res.destroyed) {
            written += chunk.byteLength;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
        };
        res.on('close', () => res.removeAllListeners('drain'));
        pump();
      },
      { maxResponseBytes: MiB },
    );
    const error = await network.accounts.list().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(server?.requests).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Socket buffers hold a few MiB at most: the client stopped reading long before the end.
    expect(written).toBeLessThan(64 * MiB);
  });

  it('a gzip bomb counts decoded bytes: a small compressed body that inflates past the bound is too large, not a connection failure', async () => {
    const bomb = gzipSync(Buffer.concat([Buffer.from('{"data":{"accounts":[],"pad":"'), Buffer.alloc(32 * MiB, 0x61), Buffer.from('"}}')]));
    expect(bomb.byteLength).toBeLessThan(MiB / 4);
    const network = await serve(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(bomb.byteLength) });
        res.end(bomb);
      },
      { maxResponseBytes: MiB },
    );
    const error = await network.accounts.list().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).not.toBeInstanceOf(ApiConnectionError);
    expect(server?.requests).toBe(1);
  });

  it('an error body over the bound is too large as well, and a retryable status is not retried for it', async () => {
    const network = await serve((_req, res) => sendJson(res, 503, { code: 'internal_error', message: 'x'.repeat(4096) }), { maxResponseBytes: 1024 });
    const error = await network.accounts.list().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ status: 503 });
    expect(server?.requests).toBe(1);
  });
});

describe('a 2xx body that is not JSON', () => {
  it('is a ResponseValidationError whose message names the content type', async () => {
    const network = await serve((_req, res) => sendText(res, 200, 'text/html; charset=utf-8', '<html><body>Sign in to Wi-Fi</body></html>'));
    const error = await network.accounts.list().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toContain('text/html; charset=utf-8');
    expect((error as Error).message).not.toContain('Sign in');
  });

  it('without a content type says so', async () => {
    const network = await serve((_req, res) => {
      res.writeHead(200, { 'content-length': '5' });
      res.end('hello');
    });
    const error = await network.accounts.list().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toMatch(/not JSON \(Content-Type: none\)/);
  });
});
