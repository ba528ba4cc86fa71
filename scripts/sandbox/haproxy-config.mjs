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
/** Marks the 502 HAProxy gives for a replica's failed connection, so that it alone becomes the 503. */
const DOWN_MARK = 'X-Mock-Replica-Down';
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
 * @property {string} [hop]                 where the routing frontend listens (`/tmp/x/routing.sock`): given, HAProxy
 *   keeps its connections to the replicas (`pnpm sandbox`); else it opens one per request
 * @property {string} [adminSocket]         HAProxy's runtime API, which `pnpm sandbox` uses to take a replica out the
 *   moment its process exits
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
export function haproxyConfig({ bind, replicas, header, resolvers, checkInterval = '1s', hop, adminSocket }) {
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
    ...(adminSocket ? [`  stats socket ${adminSocket} mode 600 level admin`] : []),
    '',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout http-request 10s',
    '  timeout http-keep-alive 60s',
    // A request is never redispatched to another replica (no `option redispatch`, one server per backend): a
    // retry goes to the same replica, on a fresh connection once the kept ones fail, and a refused one ends in the
    // 503 below. See the backend for why kept connections need more than one.
    '  retry-on conn-failure empty-response',
    // A check waits this long for the health answer: a busy machine must not mark a live replica down.
    '  timeout check 3s',
    '',
  );
  if (resolvers) add(`resolvers ${resolvers.name}`, ...resolvers.lines.map((line) => `  ${line}`), '');
  if (hop) {
    add(
      'frontend sandbox',
      `  bind ${bind}`,
      '  default_backend hop',
      '',
      // HAProxy closes a client's kept-alive connection with no answer at all when a replica's connection fails
      // under any request but the first on that client connection (it expects a browser to retry). So clients'
      // requests reach the routing frontend one per connection, on a local socket: each is the first of its own,
      // and a dead replica's failure becomes the 503. When the routing frontend closes with no answer (a kept
      // connection found dead before a request was written), the hop tries it again. HAProxy alone pays this.
      'backend hop',
      '  option http-server-close',
      '  retries 3',
      '  retry-on conn-failure empty-response',
      `  server routing ${hop}`,
      '',
    );
  }
  add(
    hop ? 'frontend routing' : 'frontend sandbox',
    `  bind ${hop ?? bind}`,
    // Without the hop, each client request is the first of its own connection here, for the reason the hop gives:
    // a replica that dies under a kept client connection's later request would close it with no answer.
    ...(hop ? [] : ['  option httpclose']),
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
  const connections = hop
    ? [
        // Every request goes over a kept connection when one is idle: a replica pays no connection per request.
        // The routing frontend's requests are each the first of their connection (see the hop), so a kept
        // connection the killed replica left ends in the 503 (or the 502 that becomes it), or in a close with no
        // answer that the hop retries.
        '  http-reuse always',
        '  retries 1',
      ]
    : [
        // A new connection per request: a killed replica's refused connection is the 503 at once.
        '  option http-server-close',
        '  retries 1',
      ];
  const downReply = (status) =>
    `  http-error status ${status} content-type application/json hdr Retry-After ${RETRY_AFTER_SECONDS} hdr Access-Control-Allow-Origin '*' hdr Access-Control-Expose-Headers Retry-After` +
    (status === 502 ? ` hdr ${DOWN_MARK} 1` : '');
  for (const { name, address } of replicas) {
    const server = [`  server ${name} ${address} check inter ${checkInterval} fall 2 rise 1`];
    if (resolvers) server.push(`resolvers ${resolvers.name} init-addr last,libc,none`);
    add(
      `backend ${name}`,
      `  option httpchk GET ${HEALTH_PATH}`,
      '  http-check expect status 200',
      // Answers HAProxy itself gives for this replica (down, refused, timed out) are JSON in the API's shape.
      `${downReply(503)} string ${quote(replicaDownBody(name))}`,
      // A connection the killed replica reset under a request is HAProxy's 502; it is the same 503. A 502 the
      // replica sends itself (a fault) has no mark and stays as it is.
      `${downReply(502)} string ${quote(replicaDownBody(name))}`,
      `  http-after-response set-status 503 if { status 502 } { res.hdr(${DOWN_MARK}) -m found }`,
      `  http-after-response del-header ${DOWN_MARK}`,
      ...connections,
      server.join(' '),
      '',
    );
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
