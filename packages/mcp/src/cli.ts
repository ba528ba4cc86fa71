#!/usr/bin/env node
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { EXIT, messageOf, onStopSignal } from '@network-org/cli-kit';
import type { Logger } from '@network-org/sdk';
import { liveBackend, mockBackend, type Backend } from './cli/backend';
import { parseCli, UsageError, USAGE, type CliOptions } from './cli/args';
import { redactText } from './redact';
import { createNetworkMcpServer } from './server';
import { startHttpServer } from './transports/http';
import { VERSION } from './version';

/** Log lines on stderr (stdout carries the protocol on stdio), with the key the server holds redacted. */
class StderrLog {
  #secret: string | undefined;
  readonly line = (line: string): void => void process.stderr.write(`network-mcp: ${redactText(line, this.#secret)}\n`);
  readonly logger: Logger = { debug: this.line, info: this.line, warn: this.line, error: this.line };

  /** Keeps `secret` (the backend's key, known once the backend is made) out of every later line. */
  redact(secret: string | undefined): void {
    this.#secret = secret;
  }
}

async function main(options: CliOptions, stderr: StderrLog): Promise<void> {
  const log = stderr.line;
  const backend: Backend = options.mock ? await mockBackend(options.mock, stderr.logger) : liveBackend(process.env, stderr.logger);
  stderr.redact(backend.apiKey);
  const createServer = () =>
    createNetworkMcpServer({
      client: backend.client,
      apiKey: backend.apiKey,
      readOnly: options.readOnly,
      dynamicToolsets: options.dynamicToolsets,
      ...(options.toolsets ? { toolsets: options.toolsets } : {}),
      ...(options.tools ? { tools: options.tools } : {}),
      ...(options.maxChars ? { maxChars: options.maxChars } : {}),
      ...(backend.customFields ? { customFields: backend.customFields } : {}),
      ...(backend.tags ? { tags: backend.tags } : {}),
      ...(backend.mockNow ? { mockNow: backend.mockNow } : {}),
    });
  let closeTransport: () => Promise<void>;
  if (options.transport === 'http') {
    const http = await startHttpServer({ host: options.host, port: options.port, token: options.httpToken, createServer, log });
    closeTransport = http.close;
    backend.banner.push(`listening on ${http.url}${options.httpToken ? ' (bearer token required)' : ''}`);
  } else {
    const server = createServer();
    const transport = new StdioServerTransport();
    await server.connect(transport);
    closeTransport = () => server.close();
    // The client closing our stdin ends the session.
    process.stdin.once('end', () => void stop());
  }
  for (const line of backend.banner) log(line);

  let stopping = false;
  async function stop(): Promise<void> {
    if (stopping) return;
    stopping = true;
    try {
      await closeTransport();
      await backend.close();
    } catch (error) {
      log(`could not stop cleanly: ${messageOf(error)}`);
      process.exitCode = EXIT.failure;
    }
    process.exit(process.exitCode ?? EXIT.ok);
  }
  onStopSignal(() => void stop());
}

let options: ReturnType<typeof parseCli>;
try {
  options = parseCli(process.argv.slice(2), process.env);
} catch (error) {
  process.stderr.write(`network-mcp: ${messageOf(error)}\n\n${USAGE}\n`);
  process.exit(EXIT.usage);
}
if (options === 'help') process.stdout.write(`${USAGE}\n`);
else if (options === 'version') process.stdout.write(`${VERSION}\n`);
else {
  const stderr = new StderrLog();
  main(options, stderr).catch((error: unknown) => {
    stderr.line(messageOf(error));
    process.exit(error instanceof UsageError || error instanceof RangeError ? EXIT.usage : EXIT.failure);
  });
}
