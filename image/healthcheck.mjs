// The image's HEALTHCHECK: GET /__mock/health on this container's own loopback, so it works with no port
// published. The port is the one `network-mock serve` reads: --port in PID 1's arguments, else NETWORK_MOCK_PORT,
// else PORT, else 4010. The image holds no curl or wget: Node's fetch does it.
import { readFileSync } from 'node:fs';

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

try {
  const reply = await fetch(`http://127.0.0.1:${port()}/__mock/health`, { signal: AbortSignal.timeout(8000) });
  process.exit(reply.ok ? 0 : 1);
} catch {
  process.exit(1);
}
