// The one source of the sandbox's HAProxy configuration: `pnpm sandbox` renders it for local processes,
// `pnpm deploy:config` for deploy/haproxy.cfg (compose) and deploy/k8s/haproxy.yaml (Kubernetes).
//
// Why the frontend picks the replica itself (rendezvous hashing) rather than `balance hdr(...)` with
// `hash-type consistent`: HAProxy's own ring leaves out a server its health check marks down, so the sessions of a
// dead replica would be hashed onto the others and silently start from a fresh dataset there. Here the replica
// depends only on the routing key and the list of replicas, never on their health; a request for a replica that
// is down gets a 503 naming it. Rendezvous hashing is consistent: adding a replica moves only the keys it wins.

/** The header the routing key is read from first; a request without it is routed by its `Authorization`. */
export const SESSION_HEADER = 'X-Mock-Session';
/** Added to every answer that went through the sandbox: the replica that holds the request's session. */
export const REPLICA_HEADER = 'X-Mock-Replica';
/** What each replica's health check asks for (answered with no key and no token). */
export const HEALTH_PATH = '/__mock/health';
/** Seconds a client is told to wait before retrying a request whose replica is down. */
export const RETRY_AFTER_SECONDS = 1;

/**
 * @typedef {object} Replica
 * @property {string} name     `replica-1`, ...: the backend, the server and the hash's salt (so renaming moves sessions)
 * @property {string} address  `host:port` of its `network-mock serve`
 */

/**
 * @typedef {object} HaproxyConfigOptions
 * @property {string} bind                  where clients connect: `127.0.0.1:4010`, `:4010`
 * @property {readonly Replica[]} replicas
 * @property {string} [header]              the comment at the top: who generated the file
 * @property {{name: string, lines: readonly string[]}} [resolvers]  a `resolvers` section for replicas found by DNS
 * @property {string} [checkInterval]       health-check interval (`1s`; the local sandbox uses less)
 */

/** A single-quoted HAProxy string: nothing inside is interpreted, and it cannot hold a single quote. */
function quote(text) {
  if (text.includes("'")) throw new RangeError(`cannot single-quote ${text}`);
  return `'${text}'`;
}

/** The JSON error body of a request whose replica is down, in the API's `{code, message}` shape. */
export function replicaDownBody(replica) {
  return JSON.stringify({
    code: 'upstream_error',
    message:
      `The sandbox replica ${replica} is down. It holds the session of this request (the ${SESSION_HEADER} header, ` +
      `else the Authorization header), whose requests are never sent to another replica, where they would silently ` +
      `meet a fresh dataset. Retry when ${replica} is back: the session then starts again from the seeded dataset ` +
      `(or from the state file of that replica).`,
  });
}

/** Renders haproxy.cfg for these replicas. */
export function haproxyConfig({ bind, replicas, header, resolvers, checkInterval = '1s' }) {
  if (replicas.length === 0) throw new RangeError('a sandbox needs at least one replica');
  const names = new Set(replicas.map((replica) => replica.name));
  if (names.size !== replicas.length) throw new RangeError('replica names must differ');
  for (const { name } of replicas) {
    if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) throw new RangeError(`replica name "${name}" must be lower-case letters, digits and dashes`);
  }
  const lines = [];
  const add = (...more) => lines.push(...more);
  if (header) add(...header.split('\n').map((line) => `# ${line}`.trimEnd()), '');
  add(
    'global',
    '  maxconn 4000',
    '',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-request 10s',
    '  timeout http-keep-alive 60s',
    // A request is never redispatched to another replica. One retry on a fresh connection to the same replica
    // covers a kept-alive connection the replica closed (a replica killed mid-flight); when that connection is
    // refused too, the answer is the 503 below.
    '  retries 1',
    '  retry-on conn-failure empty-response',
    // A new connection to the replica per request. Keeping them (HAProxy's keep-alive mode, with any http-reuse)
    // lets a request meet a connection a killed replica left before HAProxy sees it close: that client's
    // connection is then closed with no answer instead of the 503 below, so the replica's CPU per request stays
    // above the 1.2x target of the bench (bench/src/suites/sandbox.ts reports it).
    '  option http-server-close',
    // A check waits this long for the health answer: a busy machine must not mark a live replica down.
    '  timeout check 3s',
    '',
  );
  if (resolvers) add(`resolvers ${resolvers.name}`, ...resolvers.lines.map((line) => `  ${line}`), '');
  add(
    'frontend sandbox',
    `  bind ${bind}`,
    // The routing key: the session, else the API key, else one fixed key (health probes, CORS preflights).
    // fhdr reads the whole header: hdr would split a value at its commas.
    `  http-request set-var(txn.route_key) req.fhdr(${SESSION_HEADER}) if { req.fhdr(${SESSION_HEADER}) -m found }`,
    `  http-request set-var(txn.route_key) req.fhdr(Authorization) if !{ var(txn.route_key) -m found } { req.fhdr(Authorization) -m found }`,
    '  http-request set-var(txn.route_key) str(-) if !{ var(txn.route_key) -m found }',
    // Rendezvous hashing: every replica scores the key salted with its name; the highest score wins.
  );
  replicas.forEach(({ name }, index) => {
    const score = `var(txn.route_key),concat(/${name}),xxh32`;
    if (index === 0) {
      add(`  http-request set-var(txn.replica) str(${name})`, `  http-request set-var(txn.best_score) ${score}`);
      return;
    }
    add(
      `  http-request set-var(txn.score) ${score}`,
      `  http-request set-var(txn.replica) str(${name}) if { var(txn.score),sub(txn.best_score) gt 0 }`,
      `  http-request set-var(txn.best_score) var(txn.score) if { var(txn.replica) -m str ${name} }`,
    );
  });
  add(
    `  http-after-response set-header ${REPLICA_HEADER} %[var(txn.replica)]`,
    '  use_backend %[var(txn.replica)]',
    '',
  );
  for (const { name, address } of replicas) {
    const server = [`  server ${name} ${address} check inter ${checkInterval} fall 2 rise 1`];
    if (resolvers) server.push(`resolvers ${resolvers.name} init-addr last,libc,none`);
    add(
      `backend ${name}`,
      `  option httpchk GET ${HEALTH_PATH}`,
      '  http-check expect status 200',
      // Answers HAProxy itself gives for this replica (down, refused, timed out) are JSON in the API's shape.
      `  http-error status 503 content-type application/json hdr Retry-After ${RETRY_AFTER_SECONDS} hdr Access-Control-Allow-Origin '*' hdr Access-Control-Expose-Headers Retry-After string ${quote(replicaDownBody(name))}`,
      server.join(' '),
      '',
    );
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
