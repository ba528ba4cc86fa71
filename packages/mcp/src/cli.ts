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

// stdout carries the protocol on stdio: every log line goes to stderr, with the key redacted.
let secret: string | undefined;
const log = (line: string) => process.stderr.write(`network-mcp: ${redactText(line, secret)}\n`);
const logger: Logger = { debug: log, info: log, warn: log, error: log };

async function main(options: CliOptions): Promise<void> {
  const backend: Backend = options.mock ? await mockBackend(options.mock, logger) : liveBackend(process.env, logger);
  secret = backend.apiKey;
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
  main(options).catch((error: unknown) => {
    log(messageOf(error));
    process.exit(error instanceof UsageError || error instanceof RangeError ? EXIT.usage : EXIT.failure);
  });
}
