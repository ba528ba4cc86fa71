// The container lanes' harness (test/image, test/compose): a free loopback port, and a list of named checks that
// prints each as it is made and ends the run with its count and exit code.
import { createServer } from 'node:net';

/** A loopback port free now, for a container to publish. */
export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `check(what, ok, detail)` prints ok or FAIL; `fail(error)` records what broke the run; `finish()` exits 1 on any failure. */
export function checklist(name) {
  const started = Date.now();
  let checks = 0;
  let failed = 0;
  let errors = 0;
  return {
    check(what, ok, detail = '') {
      checks++;
      console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}${ok || !detail ? '' : `: ${detail}`}`);
      if (!ok) failed++;
    },
    fail(error) {
      errors++;
      console.error(error);
    },
    finish() {
      const broke = errors > 0 ? `, and the run broke off (${errors === 1 ? 'an error' : `${errors} errors`} above)` : '';
      console.log(`${name}: ${checks - failed}/${checks} checks passed${broke} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      process.exit(failed + errors > 0 ? 1 : 0);
    },
  };
}
