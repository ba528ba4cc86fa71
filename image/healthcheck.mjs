// The image's HEALTHCHECK: GET /__mock/health on this container's own loopback, so it works with no port
// published. The port is the one `network-mock serve` reads: --port in PID 1's arguments, else NETWORK_MOCK_PORT,
// else PORT, else 4010. The image holds no curl or wget: node:http does it, not fetch, which refuses the ports
// browsers call bad (6000, 6667, ...) and would call a mock listening there unhealthy.
import { readFileSync } from 'node:fs';
import { get } from 'node:http';

function port() {
  try {
    const args = readFileSync('/proc/1/cmdline', 'utf8').split('\0');
    const at = args.lastIndexOf('--port');
    if (at !== -1 && args[at + 1]) return args[at + 1];
    const joined = args.findLast((arg) => arg.startsWith('--port='));
    if (joined) return joined.slice('--port='.length);
  } catch {
    // Another PID namespace layout: fall back to the environment.
  }
  return process.env.NETWORK_MOCK_PORT || process.env.PORT || '4010';
}

const request = get({ host: '127.0.0.1', port: Number(port()), path: '/__mock/health', timeout: 8000 }, (reply) => {
  reply.resume();
  process.exit(reply.statusCode === 200 ? 0 : 1);
});
request.on('timeout', () => request.destroy());
request.on('error', () => process.exit(1));
