#!/usr/bin/env node
// `pnpm sandbox --replicas N --port P [serve flags]`: N `network-mock serve` processes behind Debian's haproxy,
// routed by session (scripts/sandbox/haproxy-config.mjs, the same rules as deploy/haproxy.cfg). A replica that
// exits is started again on its port after a second, as compose's `restart:` and Kubernetes would.
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { haproxyConfig } from './sandbox/haproxy-config.mjs';

const MOCK_CLI = fileURLToPath(new URL('../packages/mock/dist/cli.js', import.meta.url));
const HOST = '127.0.0.1';
const MAX_REPLICAS = 32;
const RESTART_DELAY_MS = 1000;
const START_TIMEOUT_MS = 60_000;

const USAGE = `Usage: pnpm sandbox [--replicas N] [--port P] [network-mock serve flags]

N \`network-mock serve\` processes on free ports behind Debian's haproxy on ${HOST}:P. HAProxy routes each request
by its X-Mock-Session header (else its Authorization header) to one replica, whose state and rate-limit windows
that session keeps; a request whose replica is down gets a 503 until the replica is back.

Options:
  --replicas <n>   replicas, 1 to ${MAX_REPLICAS} (default 2)
  --port <n>       port HAProxy listens on (default 4010; 0 picks a free one)
  --haproxy <path> the haproxy to run (default: haproxy on PATH, else /usr/sbin/haproxy)
  -h, --help       show this help

Every other flag goes to each replica's \`network-mock serve\` (--seed 2, --no-rate-limit, --latency 50, ...);
--state-file PATH gives replica-K the file PATH with ".replica-K" before its extension.`;

class UsageError extends Error {}

function integer(flag, text, min, max) {
  if (text === undefined || !/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new UsageError(`--${flag} takes a whole number from ${min} to ${max}, got ${text === undefined ? 'nothing' : `"${text}"`}`);
  }
  return Number(text);
}

/** Our flags, and the rest for the replicas. `--flag=value` and `--flag value` both work. */
function parse(argv) {
  const options = { replicas: 2, port: 4010, haproxy: undefined, serveArgs: [], stateFile: undefined, help: false };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? argv[++index];
    if (flag === '-h' || flag === '--help') options.help = true;
    else if (flag === '--replicas') options.replicas = integer('replicas', value(), 1, MAX_REPLICAS);
    else if (flag === '--port') options.port = integer('port', value(), 0, 65_535);
    else if (flag === '--haproxy') {
      options.haproxy = value();
      if (!options.haproxy) throw new UsageError('--haproxy takes a path');
    } else if (flag === '--host') throw new UsageError(`--host: the sandbox listens on ${HOST} only (deploy/ has the compose file and Kubernetes manifests for other hosts)`);
    else if (flag === '--state-file') {
      options.stateFile = value();
      if (!options.stateFile) throw new UsageError('--state-file takes a path');
    } else if (flag.startsWith('-')) options.serveArgs.push(arg);
    else if (options.serveArgs.length > 0 && options.serveArgs.at(-1).startsWith('--') && !options.serveArgs.at(-1).includes('=')) {
      options.serveArgs.push(arg);
    } else throw new UsageError(`unexpected argument "${arg}"`);
  }
  return options;
}

/** Debian installs haproxy in /usr/sbin, which is not on a user's PATH. */
function findHaproxy(given) {
  if (given !== undefined) {
    try {
      accessSync(given, constants.X_OK);
      return given;
    } catch {
      return undefined;
    }
  }
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = join(dir, 'haproxy');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return undefined;
}

function stateFileOf(path, name) {
  const dot = path.lastIndexOf('.');
  return dot > path.lastIndexOf('/') ? `${path.slice(0, dot)}.${name}${path.slice(dot)}` : `${path}.${name}`;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts `network-mock serve`; resolves with its port once it prints `listening on`, rejects with its output. */
function startReplica(replica, port, serveArgs) {
  const args = [MOCK_CLI, 'serve', '--host', HOST, '--port', String(port), ...serveArgs];
  if (replica.stateFile) args.push('--state-file', replica.stateFile);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  replica.child = child;
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${replica.name} printed no "listening on" line within ${START_TIMEOUT_MS / 1000} s:\n${output}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk) => {
      output += chunk;
      const match = /^listening on http:\/\/[^\s:]+:(\d+)$/m.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      // Keep reading, so that a full pipe never stalls the replica.
      child.stdout.resume();
      resolve(Number(match[1]));
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      output += chunk;
      if (replica.ready) process.stderr.write(`${replica.name}: ${chunk}`);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`${replica.name} exited (${code ?? signal}) before listening:\n${output.trim()}`), { code }));
    });
  });
}

/** One command to HAProxy's runtime API; resolves with its answer. */
function admin(socket, command) {
  return new Promise((resolve) => {
    let answer = '';
    const connection = createConnection(socket);
    connection.setEncoding('utf8');
    connection.on('data', (chunk) => (answer += chunk));
    connection.on('error', (error) => resolve(error.message));
    connection.on('close', () => resolve(answer.trim()));
    connection.end(`${command}\n`);
  });
}

function waitForPort(port, exited) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (exited.reason) return reject(new Error(exited.reason));
      fetch(`http://${HOST}:${port}/__mock/health`)
        .then(async (response) => {
          await response.arrayBuffer();
          if (response.status === 200) resolve();
          else retry();
        })
        .catch(retry);
    };
    const retry = () => {
      if (Date.now() > deadline) reject(new Error(`haproxy did not answer on ${HOST}:${port} within ${START_TIMEOUT_MS / 1000} s`));
      else setTimeout(attempt, 50);
    };
    attempt();
  });
}

async function main() {
  let options;
  try {
    options = parse(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`pnpm sandbox: ${error.message}\n\n${USAGE}\n`);
    process.exit(2);
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const haproxy = findHaproxy(options.haproxy);
  if (!haproxy) {
    const looked = options.haproxy === undefined ? 'looked on PATH and in /usr/sbin' : `no executable at ${options.haproxy}`;
    process.stderr.write(
      `pnpm sandbox needs HAProxy, which is not installed (${looked}).\n` +
        'Install it: `sudo apt-get install haproxy` (Debian, Ubuntu), `brew install haproxy` (macOS), `dnf install haproxy` (Fedora).\n',
    );
    process.exit(2);
  }
  if (!existsSync(MOCK_CLI)) {
    process.stderr.write(`pnpm sandbox: ${MOCK_CLI} is missing; run \`pnpm build\` first.\n`);
    process.exit(2);
  }

  const replicas = Array.from({ length: options.replicas }, (_, index) => {
    const name = `replica-${index + 1}`;
    return { name, port: 0, child: undefined, ready: false, stateFile: options.stateFile && stateFileOf(options.stateFile, name) };
  });
  const workDir = mkdtempSync(join(tmpdir(), 'network-mock-sandbox-'));
  let haproxyChild;
  let stopping = false;

  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    const children = [haproxyChild, ...replicas.map((replica) => replica.child)].filter(
      (child) => child && child.exitCode === null && child.signalCode === null,
    );
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            const force = setTimeout(() => child.kill('SIGKILL'), 5000);
            child.once('exit', () => {
              clearTimeout(force);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
    rmSync(workDir, { recursive: true, force: true });
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stop(0));
  // `pnpm sandbox` stopped by a signal to pnpm alone (not to the whole process group, as Ctrl-C does) ends pnpm
  // without passing the signal on: this script is then orphaned, and stops everything too.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void stop(0);
  }, 500).unref();
  // A crash of this script must not leave its children behind.
  process.on('exit', () => {
    for (const child of [haproxyChild, ...replicas.map((replica) => replica.child)]) child?.kill('SIGKILL');
  });

  const adminSocket = join(workDir, 'haproxy.sock');
  const superviseReplica = (replica) => {
    replica.child.once('exit', (code, signal) => {
      if (stopping) return;
      replica.ready = false;
      // Out of HAProxy's rotation at once, before its health check notices: later requests get the 503 without
      // meeting a kept connection the replica left. It goes back in when it is listening again.
      void admin(adminSocket, `set server ${replica.name}/${replica.name} state maint`);
      process.stderr.write(`${replica.name} exited (${code ?? signal}); starting it again on port ${replica.port} in ${RESTART_DELAY_MS / 1000} s\n`);
      setTimeout(function restart() {
        if (stopping) return;
        startReplica(replica, replica.port, options.serveArgs).then(
          () => {
            replica.ready = true;
            void admin(adminSocket, `set server ${replica.name}/${replica.name} state ready`);
            process.stderr.write(`${replica.name} is back on port ${replica.port}\n`);
            superviseReplica(replica);
          },
          (error) => {
            process.stderr.write(`${error.message}\n`);
            if (!stopping) setTimeout(restart, RESTART_DELAY_MS);
          },
        );
      }, RESTART_DELAY_MS);
    });
  };

  try {
    const ports = await Promise.all(replicas.map((replica) => startReplica(replica, 0, options.serveArgs)));
    replicas.forEach((replica, index) => {
      replica.port = ports[index];
      replica.ready = true;
      superviseReplica(replica);
    });
  } catch (error) {
    process.stderr.write(`pnpm sandbox: ${error.message}\n`);
    // A serve flag the replicas refuse is a usage error of the sandbox too.
    await stop(error.code === 2 ? 2 : 1);
    return;
  }

  const port = options.port === 0 ? await freePort() : options.port;
  const configFile = join(workDir, 'haproxy.cfg');
  writeFileSync(
    configFile,
    haproxyConfig({
      bind: `${HOST}:${port}`,
      replicas: replicas.map(({ name, port: replicaPort }) => ({ name, address: `${HOST}:${replicaPort}` })),
      header: 'Written by `pnpm sandbox` (scripts/sandbox/haproxy-config.mjs).',
      // HAProxy's own check (one connection each) only has to find a replica that hangs: the supervisor takes an
      // exited one out and puts it back through the runtime API.
      checkInterval: '1s',
      hop: join(workDir, 'routing.sock'),
      adminSocket,
    }),
  );
  haproxyChild = spawn(haproxy, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let haproxyOutput = '';
  const keep = (chunk) => {
    haproxyOutput += chunk;
    if (haproxyOutput.length > 20_000) haproxyOutput = haproxyOutput.slice(-10_000);
  };
  haproxyChild.stdout.setEncoding('utf8').on('data', keep);
  haproxyChild.stderr.setEncoding('utf8').on('data', keep);
  const exited = { reason: undefined };
  haproxyChild.once('exit', (code, signal) => {
    exited.reason = `haproxy exited (${code ?? signal}):\n${haproxyOutput.trim()}`;
    if (!stopping) {
      process.stderr.write(`pnpm sandbox: ${exited.reason}\n`);
      void stop(1);
    }
  });
  haproxyChild.once('error', (error) => {
    exited.reason = `haproxy did not start: ${error.message}`;
  });
  try {
    await waitForPort(port, exited);
  } catch (error) {
    if (!stopping) {
      process.stderr.write(`pnpm sandbox: ${error.message}\n`);
      await stop(1);
    }
    return;
  }
  process.stdout.write(`listening on http://${HOST}:${port}\n`);
  for (const replica of replicas) process.stdout.write(`  ${replica.name}  http://${HOST}:${replica.port}  pid ${replica.child.pid}\n`);
}

await main();
