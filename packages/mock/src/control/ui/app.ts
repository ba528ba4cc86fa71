// The inspector page: plain DOM code, bundled by esbuild into the page the control API serves at /__mock/ui/.
// It talks only to the control API of the origin that served it.
// Type-only (erased when bundled): the page reads exactly what the journal gives.
import type { JournalBody, JournalEntry, JournalSummary } from '../../engine/journal';

interface Answer<T> {
  status: number;
  data: T;
}

type Child = Node | string | null | undefined | false;

// --- Access: the control token (when the server has one) comes once in `?token=`, then lives in sessionStorage.

const TOKEN_KEY = 'network-mock-control-token';
const CONTROL = location.pathname.replace(/\/ui\/?$/, '');
// The API's base path: what is before /__mock.
const BASE = CONTROL.replace(/\/__mock$/, '');

function controlToken(): string | null {
  const url = new URL(location.href);
  const given = url.searchParams.get('token');
  if (given !== null) {
    sessionStorage.setItem(TOKEN_KEY, given);
    url.searchParams.delete('token');
    // Out of the address bar and the history at once.
    history.replaceState(null, '', url.pathname + url.search + url.hash);
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

const token = controlToken();

async function call<T>(method: string, path: string, options: { session?: string | null; body?: unknown } = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  if (options.session) headers['X-Mock-Session'] = options.session;
  const init: RequestInit = { method, headers };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  const response = await fetch(`${CONTROL}${path}`, init);
  const text = await response.text();
  let data: unknown = text;
  try {
    data = JSON.parse(text);
  } catch {
    // Not JSON: kept as text.
  }
  return { status: response.status, data: data as T };
}

function problem(answer: Answer<unknown>): string | undefined {
  if (answer.status < 400) return undefined;
  const data = answer.data as { code?: string; message?: string };
  return `${answer.status} ${data.code ?? ''}: ${data.message ?? String(answer.data)}`;
}

// --- DOM helpers

function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string | boolean> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false) continue;
    if (name === 'class') element.className = String(value);
    else element.setAttribute(name, value === true ? '' : value);
  }
  append(element, children);
  return element;
}

function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

function button(label: string, onClick: () => void, attributes: Record<string, string | boolean> = {}): HTMLButtonElement {
  const element = h('button', { type: 'button', ...attributes }, label);
  element.addEventListener('click', onClick);
  return element;
}

function select(label: string, options: [string, string][], value: string, onChange: (value: string) => void): HTMLSelectElement {
  const element = h('select', { 'aria-label': label });
  fillSelect(element, options, value);
  element.addEventListener('change', () => onChange(element.value));
  return element;
}

function fillSelect(element: HTMLSelectElement, options: [string, string][], value: string): void {
  element.replaceChildren(...options.map(([optionValue, text]) => h('option', { value: optionValue, selected: optionValue === value }, text)));
  element.value = value;
}

function table(columns: string[], rows: Child[][], attributes: Record<string, string> = {}): HTMLTableElement {
  return h(
    'table',
    attributes,
    h('thead', {}, h('tr', {}, ...columns.map((column) => h('th', { scope: 'col' }, column)))),
    h('tbody', {}, ...rows.map((row) => h('tr', {}, ...row.map((cell) => h('td', {}, cell))))),
  );
}

function pairs(record: Record<string, string | string[]>): HTMLElement {
  const names = Object.keys(record);
  if (names.length === 0) return h('p', { class: 'muted' }, 'none');
  return table(['name', 'value'], names.map((name) => {
    const value = record[name];
    return [name, Array.isArray(value) ? value.join(', ') : (value ?? '')];
  }), { class: 'pairs' });
}

/** JSON pretty-printed when the text is JSON, else the text as it came. */
function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function bodyBlock(body: JournalBody | null, label: string): HTMLElement {
  if (body === null) return h('p', { class: 'muted' }, 'none (or the mock keeps no bodies)');
  const note = body.truncated ? h('p', { class: 'warn' }, `Truncated: the first ${body.text.length} characters of ${body.bytes} bytes.`) : null;
  return h('div', {}, note, h('pre', { class: 'body', 'aria-label': label }, body.truncated ? body.text : pretty(body.text)));
}

const sessionLabel = (session: string | null) => session ?? 'default';

function statusClass(status: number): string {
  if (status === 0) return 'dropped';
  return `${Math.floor(status / 100)}xx`;
}

/** The query as a URL's (`encode`) or as a person reads it (`?timezone=Europe/Paris`). */
function queryText(query: Record<string, string | string[]>, encode = false): string {
  const parts: string[] = [];
  const write = encode ? encodeURIComponent : (text: string) => text;
  for (const [name, value] of Object.entries(query)) {
    for (const each of Array.isArray(value) ? value : [value]) parts.push(`${write(name)}=${write(each)}`);
  }
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

const clock = (time: string) => time.slice(11, 23);

// --- Status line

const statusLine = h('p', { class: 'status', role: 'status' });
function report(message: string, isError = false): void {
  statusLine.textContent = message;
  statusLine.classList.toggle('error', isError);
}

async function act(what: string, run: () => Promise<Answer<unknown>>, after?: () => void): Promise<void> {
  const answer = await run();
  const failed = problem(answer);
  report(failed ? `${what} failed: ${failed}` : `${what}: done.`, failed !== undefined);
  if (!failed) after?.();
}

// --- The journal: polled every second across every session.

const MAX_KEPT = 2000;
const entries: JournalSummary[] = [];
let lastId = '0';
let paused = false;
let selected: string | undefined;
const filters = { text: '', session: '*', status: '*', operation: '*' };

const filterInput = h('input', { id: 'filter', type: 'search', placeholder: 'Filter: path, operation, status… (press /)', 'aria-label': 'Filter requests' });
const sessionFilter = select('Session filter', [['*', 'All sessions']], '*', (value) => {
  filters.session = value;
  renderRequests();
});
const statusFilter = select(
  'Status filter',
  [['*', 'Any status'], ['2xx', '2xx'], ['3xx', '3xx'], ['4xx', '4xx'], ['5xx', '5xx'], ['dropped', 'dropped']],
  '*',
  (value) => {
    filters.status = value;
    renderRequests();
  },
);
const operationFilter = select('Operation filter', [['*', 'Any operation']], '*', (value) => {
  filters.operation = value;
  renderRequests();
});
const pauseButton = button('Pause', () => {
  paused = !paused;
  pauseButton.textContent = paused ? 'Resume' : 'Pause';
  live.textContent = paused ? 'paused' : 'live';
});
const rowsBody = h('tbody');
const countLine = h('span', { class: 'muted' });
const detail = h('aside', { id: 'detail', 'aria-label': 'Request detail' }, h('p', { class: 'muted' }, 'Click a request to see its headers and bodies.'));
const live = h('span', { class: 'live' }, 'live');

filterInput.addEventListener('input', () => {
  filters.text = filterInput.value.trim().toLowerCase();
  renderRequests();
});

function matches(entry: JournalSummary): boolean {
  if (filters.session !== '*' && sessionLabel(entry.session) !== filters.session) return false;
  if (filters.status !== '*' && statusClass(entry.status) !== filters.status) return false;
  if (filters.operation !== '*' && (entry.operation ?? '(none)') !== filters.operation) return false;
  if (filters.text === '') return true;
  const haystack = `${entry.method} ${entry.path}${queryText(entry.query)} ${entry.operation ?? ''} ${entry.status} ${sessionLabel(entry.session)}`;
  return haystack.toLowerCase().includes(filters.text);
}

function requestRow(entry: JournalSummary): HTMLTableRowElement {
  const row = h(
    'tr',
    { 'data-id': entry.id, class: `row s${statusClass(entry.status)}${entry.id === selected ? ' selected' : ''}`, tabindex: '0' },
    h('td', { class: 'time' }, clock(entry.time)),
    h('td', { class: 'session' }, sessionLabel(entry.session)),
    h('td', { class: 'method' }, entry.method),
    h('td', { class: 'path' }, entry.path + queryText(entry.query)),
    h('td', { class: 'operation' }, entry.operation ?? '—'),
    h('td', { class: 'code' }, entry.status === 0 ? 'dropped' : String(entry.status)),
    h('td', { class: 'duration' }, `${entry.duration_ms.toFixed(1)} ms`),
  );
  const open = () => void openRequest(entry.id);
  row.addEventListener('click', open);
  row.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') open();
  });
  return row;
}

function renderRequests(): void {
  const shown = entries.filter(matches);
  // Newest first: the request just sent is at the top.
  rowsBody.replaceChildren(...shown.slice().reverse().map(requestRow));
  countLine.textContent = `${shown.length} of ${entries.length} requests`;
}

function refreshFilterChoices(): void {
  const sessions = [...new Set(entries.map((entry) => sessionLabel(entry.session)).concat(knownSessions))].sort();
  fillSelect(sessionFilter, [['*', 'All sessions'], ...sessions.map((name): [string, string] => [name, name])], filters.session);
  const operations = [...new Set(entries.map((entry) => entry.operation ?? '(none)'))].sort();
  fillSelect(operationFilter, [['*', 'Any operation'], ...operations.map((name): [string, string] => [name, name])], filters.operation);
}

async function poll(): Promise<void> {
  if (!paused) {
    const answer = await call<{ requests: JournalSummary[] }>('GET', `/requests?session=*&after=${encodeURIComponent(lastId)}`);
    const failed = problem(answer);
    if (failed) {
      live.textContent = 'offline';
      report(`Reading the journal failed: ${failed}`, true);
    } else if (answer.data.requests.length > 0) {
      live.textContent = 'live';
      entries.push(...answer.data.requests);
      if (entries.length > MAX_KEPT) entries.splice(0, entries.length - MAX_KEPT);
      lastId = (entries[entries.length - 1] as JournalSummary).id;
      refreshFilterChoices();
      renderRequests();
    }
  }
  setTimeout(() => void poll().catch(() => {
    live.textContent = 'offline';
  }), 1000);
}

function curlOf(entry: JournalEntry): string {
  const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
  const parts = [`curl -X ${entry.method} ${quote(`${location.origin}${BASE}${entry.path}${queryText(entry.query, true)}`)}`];
  for (const [name, value] of Object.entries(entry.request.headers)) {
    // The key stays out: the command reads it from the environment.
    if (name === 'authorization') parts.push(`-H "Authorization: Bearer $NETWORK_API_KEY"`);
    else if (name === 'content-type' || name === 'x-mock-session' || name === 'accept') parts.push(`-H ${quote(`${name}: ${value}`)}`);
  }
  if (entry.request.body) parts.push(`--data-raw ${quote(entry.request.body.text)}`);
  return parts.join(' \\\n  ');
}

async function openRequest(id: string): Promise<void> {
  selected = id;
  for (const row of rowsBody.querySelectorAll('tr')) row.classList.toggle('selected', row.getAttribute('data-id') === id);
  const answer = await call<JournalEntry>('GET', `/requests/${encodeURIComponent(id)}`);
  const failed = problem(answer);
  if (failed) {
    detail.replaceChildren(h('p', { class: 'error' }, failed));
    return;
  }
  const entry = answer.data;
  const curl = curlOf(entry);
  const copy = button('Copy as curl', () => {
    void navigator.clipboard?.writeText(curl).then(
      () => report('Copied the request as curl (the key is read from $NETWORK_API_KEY).'),
      () => report('The clipboard is not available: select the command below.', true),
    );
  });
  detail.replaceChildren(
    h('h2', {}, `${entry.method} ${entry.path}${queryText(entry.query)}`),
    h(
      'p',
      { class: `summary s${statusClass(entry.status)}` },
      h('strong', { class: 'code' }, entry.status === 0 ? 'dropped' : String(entry.status)),
      ` ${entry.operation ?? 'no operation'} · session ${sessionLabel(entry.session)} · ${entry.time} · ${entry.duration_ms} ms · id ${entry.id}`,
    ),
    h('h3', {}, 'Query'),
    pairs(entry.query),
    h('h3', {}, 'Request body'),
    bodyBlock(entry.request.body, 'Request body'),
    h('h3', {}, 'Response body'),
    bodyBlock(entry.response.body, 'Response body'),
    h('details', {}, h('summary', {}, 'Request headers'), pairs(entry.request.headers)),
    h('details', {}, h('summary', {}, 'Response headers'), pairs(entry.response.headers)),
    h('h3', {}, 'As curl'),
    copy,
    h('pre', { class: 'curl' }, curl),
  );
}

const requestsView = h(
  'section',
  { id: 'view-requests', 'aria-label': 'Requests' },
  h('div', { class: 'toolbar' }, filterInput, sessionFilter, statusFilter, operationFilter, pauseButton, button('Clear all journals', () => {
    void act('Clearing the journals', () => call('DELETE', '/requests?session=*'), () => {
      entries.length = 0;
      renderRequests();
    });
  }), countLine),
  h(
    'div',
    { class: 'split' },
    h(
      'div',
      { class: 'list' },
      h(
        'table',
        { id: 'requests' },
        h('thead', {}, h('tr', {}, ...['Time', 'Session', 'Method', 'Path', 'Operation', 'Status', 'Duration'].map((column) => h('th', { scope: 'col' }, column)))),
        rowsBody,
      ),
    ),
    detail,
  ),
);

// --- Sessions

interface SessionInfo {
  name: string;
  created_at: string;
  last_used_at: string;
}

let knownSessions: string[] = ['default'];
const sessionsBody = h('div');

async function renderSessions(): Promise<void> {
  const answer = await call<{ sessions: SessionInfo[]; max_sessions: number }>('GET', '/sessions');
  const failed = problem(answer);
  if (failed) {
    sessionsBody.replaceChildren(h('p', { class: 'error' }, failed));
    return;
  }
  const { sessions, max_sessions } = answer.data;
  knownSessions = ['default', ...sessions.map((session) => session.name)];
  refreshFilterChoices();
  refreshActingChoices();
  const counts = new Map<string, number>();
  for (const entry of entries) counts.set(sessionLabel(entry.session), (counts.get(sessionLabel(entry.session)) ?? 0) + 1);
  const row = (name: string, info: SessionInfo | undefined): Child[] => {
    const session = info ? name : null;
    return [
      name,
      info ? clock(info.created_at) : '—',
      info ? clock(info.last_used_at) : '—',
      String(counts.get(name) ?? 0),
      h(
        'span',
        { class: 'actions' },
        button('Journal', () => {
          filters.session = name;
          refreshFilterChoices();
          show('requests');
          renderRequests();
        }),
        button('Reset', () => void act(`Resetting ${name}`, () => call('POST', '/reset', { session, body: {} }))),
        info ? button('Drop', () => void act(`Dropping ${name}`, () => call('DELETE', `/sessions/${encodeURIComponent(name)}`), () => void renderSessions())) : null,
      ),
    ];
  };
  sessionsBody.replaceChildren(
    h('p', { class: 'muted' }, `${sessions.length} named sessions (at most ${max_sessions}); the default one serves requests without X-Mock-Session.`),
    table(['Session', 'Created', 'Last used', 'Requests seen', ''], [row('default', undefined), ...sessions.map((info) => row(info.name, info))], { id: 'sessions' }),
  );
}

const sessionsView = h('section', { id: 'view-sessions', 'aria-label': 'Sessions', hidden: true }, h('div', { class: 'toolbar' }, button('Refresh', () => void renderSessions())), sessionsBody);

// --- The session the faults, snapshots and data tabs act on

let acting: string | null = null;
const actingSelects: HTMLSelectElement[] = [];

function actingSelect(onChange: () => void): HTMLSelectElement {
  const element = select('Session', [['default', 'default session']], 'default', (value) => {
    acting = value === 'default' ? null : value;
    for (const other of actingSelects) other.value = value;
    onChange();
  });
  actingSelects.push(element);
  return element;
}

function refreshActingChoices(): void {
  for (const element of actingSelects) fillSelect(element, knownSessions.map((name): [string, string] => [name, name === 'default' ? 'default session' : name]), sessionLabel(acting));
}

// --- Faults and snapshots

interface FaultRule {
  method?: string;
  path?: string;
  status?: number;
  code?: string;
  count?: number;
  delay_ms?: number;
  retry_after?: number;
}

const faultsBody = h('div');
const snapshotsBody = h('div');
const snapshotsSeen = new Map<string, string>();

function field(label: string, attributes: Record<string, string>): [HTMLLabelElement, HTMLInputElement] {
  const input = h('input', attributes);
  return [h('label', {}, label, input), input];
}

const [methodLabel, methodInput] = field('Method', { placeholder: 'any', size: '6' });
const [pathLabel, pathInput] = field('Path', { placeholder: '/v1/contacts or /v1/contacts/*', size: '28' });
const [statusLabel, statusInput] = field('Status', { type: 'number', value: '503', min: '0', max: '599' });
const [codeLabel, codeInput] = field('Code', { placeholder: 'from the status', size: '14' });
const [countLabel, countInput] = field('Count', { type: 'number', value: '1', min: '1' });
const [delayLabel, delayInput] = field('Delay ms', { type: 'number', min: '0', placeholder: '0' });

function faultRule(): FaultRule {
  const rule: FaultRule = {};
  const number = (input: HTMLInputElement) => (input.value.trim() === '' ? undefined : Number(input.value));
  if (methodInput.value.trim()) rule.method = methodInput.value.trim().toUpperCase();
  if (pathInput.value.trim()) rule.path = pathInput.value.trim();
  const status = number(statusInput);
  if (status !== undefined) rule.status = status;
  if (codeInput.value.trim()) rule.code = codeInput.value.trim();
  const count = number(countInput);
  if (count !== undefined) rule.count = count;
  const delay = number(delayInput);
  if (delay !== undefined) rule.delay_ms = delay;
  return rule;
}

async function renderFaults(): Promise<void> {
  const answer = await call<{ faults: FaultRule[] }>('GET', '/faults', { session: acting });
  const failed = problem(answer);
  if (failed) {
    faultsBody.replaceChildren(h('p', { class: 'error' }, failed));
    return;
  }
  const faults = answer.data.faults;
  faultsBody.replaceChildren(
    faults.length === 0
      ? h('p', { class: 'muted' }, 'No faults pending.')
      : table(
          ['Method', 'Path', 'Status', 'Code', 'Left', 'Delay'],
          faults.map((fault) => [fault.method ?? 'any', fault.path ?? 'any', String(fault.status ?? '—'), fault.code ?? '—', String(fault.count ?? 1), fault.delay_ms === undefined ? '—' : `${fault.delay_ms} ms`]),
          { id: 'faults' },
        ),
  );
  const known = await call<{ snapshots: { snapshot_id: string }[] }>('GET', '/snapshots', { session: acting });
  const snapshots = problem(known) ? [] : known.data.snapshots;
  snapshotsBody.replaceChildren(
    snapshots.length === 0
      ? h('p', { class: 'muted' }, 'No snapshots taken in this session.')
      : table(
          ['Snapshot', 'Taken', ''],
          snapshots.map(({ snapshot_id }) => [
            snapshot_id,
            snapshotsSeen.get(`${sessionLabel(acting)} ${snapshot_id}`) ?? '—',
            button('Restore', () => void act(`Restoring ${snapshot_id}`, () => call('POST', `/snapshots/${encodeURIComponent(snapshot_id)}/restore`, { session: acting }))),
          ]),
          { id: 'snapshots' },
        ),
  );
}

const faultsView = h(
  'section',
  { id: 'view-faults', 'aria-label': 'Faults and snapshots', hidden: true },
  h('div', { class: 'toolbar' }, actingSelect(() => void renderFaults()), button('Refresh', () => void renderFaults())),
  h('h2', {}, 'Faults'),
  h(
    'form',
    { class: 'fault-form', 'aria-label': 'Add a fault' },
    methodLabel,
    pathLabel,
    statusLabel,
    codeLabel,
    countLabel,
    delayLabel,
    button('Add fault', () => void act('Adding the fault', () => call('POST', '/faults', { session: acting, body: faultRule() }), () => void renderFaults())),
    button('Clear faults', () => void act('Clearing the faults', () => call('DELETE', '/faults', { session: acting }), () => void renderFaults())),
  ),
  faultsBody,
  h('h2', {}, 'Snapshots'),
  h(
    'div',
    { class: 'toolbar' },
    button('Take snapshot', () => {
      void act(
        'Taking a snapshot',
        async () => {
          const answer = await call<{ snapshot_id: string }>('POST', '/snapshots', { session: acting });
          if (answer.status < 400) snapshotsSeen.set(`${sessionLabel(acting)} ${answer.data.snapshot_id}`, new Date().toISOString().slice(11, 19));
          return answer;
        },
        () => void renderFaults(),
      );
    }),
  ),
  snapshotsBody,
);

// --- Data, read-only, through GET /__mock/api/v1/... (the mock reads as the admin fixture key: no key here)

interface Page<T> {
  items: T[];
  next?: string | undefined;
}

async function read<T>(path: string, key: string, params: Record<string, string> = {}): Promise<Page<T>> {
  const query = new URLSearchParams(params);
  const answer = await call<{ data: Record<string, unknown> & { pagination?: { next_cursor?: string } } }>('GET', `/api${path}?${query}`, { session: acting });
  const failed = problem(answer);
  if (failed) throw new Error(failed);
  return { items: (answer.data.data[key] ?? []) as T[], next: answer.data.data.pagination?.next_cursor };
}

type Row = Record<string, unknown>;
const text = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value));

const accountsBody = h('div', { class: 'accounts' });
const dataBody = h('div', { class: 'data' });
let account: string | undefined;
let dataTab = 'contacts';

async function renderAccounts(): Promise<void> {
  try {
    const { items } = await read<Row>('/v1/accounts', 'accounts');
    account ??= items[0] ? String(items[0].account_id) : undefined;
    accountsBody.replaceChildren(
      h('h2', {}, 'Accounts'),
      h(
        'ul',
        { class: 'picker' },
        ...items.map((item) =>
          h('li', {}, button(`${text(item.display_name)} (${text(item.account_id)})`, () => {
            account = String(item.account_id);
            void renderAccounts();
          }, { 'aria-pressed': String(account === String(item.account_id)) })),
        ),
      ),
    );
    await renderData();
  } catch (error) {
    accountsBody.replaceChildren(h('p', { class: 'error' }, (error as Error).message));
  }
}

async function pagedTable(path: string, key: string, columns: [string, (row: Row) => Child][], params: Record<string, string>, onRow?: (row: Row) => void): Promise<HTMLElement> {
  const holder = h('div');
  const load = async (cursor?: string) => {
    const page = await read<Row>(path, key, cursor ? { ...params, cursor } : params);
    const rows = page.items.map((item) => {
      const row = h('tr', {}, ...columns.map(([, cell]) => h('td', {}, cell(item))));
      if (onRow) {
        row.classList.add('clickable');
        row.addEventListener('click', () => onRow(item));
      }
      return row;
    });
    holder.replaceChildren();
    append(holder, [
      h('table', {}, h('thead', {}, h('tr', {}, ...columns.map(([name]) => h('th', { scope: 'col' }, name)))), h('tbody', {}, ...rows)),
      page.items.length === 0 && h('p', { class: 'muted' }, 'Nothing here.'),
      page.next !== undefined && button('Next page', () => void load(page.next)),
    ]);
  };
  await load();
  return holder;
}

async function activityChart(accountId: string): Promise<HTMLElement> {
  const events: Row[] = [];
  let cursor: string | undefined;
  for (let pageIndex = 0; pageIndex < 10; pageIndex++) {
    const page = await read<Row>('/v1/activity', 'activity', { account_id: accountId, limit: '200', ...(cursor ? { cursor } : {}) });
    events.push(...page.items);
    cursor = page.next;
    if (!cursor) break;
  }
  const byDay = new Map<string, Map<string, number>>();
  const types = new Set<string>();
  for (const event of events) {
    const day = String(event.occurred_at).slice(0, 10);
    const type = String(event.event_type);
    types.add(type);
    const counts = byDay.get(day) ?? new Map<string, number>();
    counts.set(type, (counts.get(type) ?? 0) + 1);
    byDay.set(day, counts);
  }
  const days = [...byDay.keys()].sort();
  const typeList = [...types].sort();
  if (days.length === 0) return h('p', { class: 'muted' }, 'No activity in the window.');
  const max = Math.max(...days.map((day) => [...(byDay.get(day) as Map<string, number>).values()].reduce((a, b) => a + b, 0)));
  const width = 760;
  const height = 200;
  const barWidth = Math.max(4, Math.floor(width / days.length) - 2);
  const svgNs = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(svgNs, 'svg');
  svg.setAttribute('viewBox', `0 0 ${width} ${height + 20}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', `Activity of account ${accountId} by day and type: ${events.length} events over ${days.length} days`);
  days.forEach((day, index) => {
    let y = height;
    for (const [typeIndex, type] of typeList.entries()) {
      const count = byDay.get(day)?.get(type) ?? 0;
      if (count === 0) continue;
      const barHeight = (count / max) * (height - 10);
      y -= barHeight;
      const rect = document.createElementNS(svgNs, 'rect');
      rect.setAttribute('x', String(index * (barWidth + 2)));
      rect.setAttribute('y', String(y));
      rect.setAttribute('width', String(barWidth));
      rect.setAttribute('height', String(barHeight));
      rect.setAttribute('class', `c${typeIndex % 8}`);
      const title = document.createElementNS(svgNs, 'title');
      title.textContent = `${day} ${type}: ${count}`;
      rect.appendChild(title);
      svg.appendChild(rect);
    }
  });
  for (const index of [0, days.length - 1]) {
    const label = document.createElementNS(svgNs, 'text');
    label.setAttribute('x', String(index * (barWidth + 2)));
    label.setAttribute('y', String(height + 15));
    label.setAttribute('text-anchor', index === 0 ? 'start' : 'end');
    label.textContent = days[index] ?? '';
    if (index !== 0) label.setAttribute('x', String(width));
    svg.appendChild(label);
  }
  const legend = h('ul', { class: 'legend' }, ...typeList.map((type, index) => h('li', {}, h('span', { class: `swatch c${index % 8}` }), type)));
  return h('div', { class: 'chart' }, h('p', { class: 'muted' }, `${events.length} events, by day (stacked by type), highest day ${max}.`), svg, legend);
}

const contactSearch = h('input', { type: 'search', placeholder: 'Search contacts (name, headline, company…)', 'aria-label': 'Search contacts' });
contactSearch.addEventListener('change', () => void renderData());

async function renderData(): Promise<void> {
  if (account === undefined) return;
  const accountId = account;
  const params = { account_id: accountId, limit: '25' };
  const tabs = h(
    'div',
    { class: 'toolbar', role: 'tablist' },
    ...['contacts', 'companies', 'conversations', 'views', 'drafts', 'activity'].map((name) =>
      button(name[0]?.toUpperCase() + name.slice(1), () => {
        dataTab = name;
        void renderData();
      }, { role: 'tab', 'aria-selected': String(dataTab === name) }),
    ),
  );
  let content: HTMLElement;
  try {
    switch (dataTab) {
      case 'contacts': {
        const search = contactSearch.value.trim();
        content = h(
          'div',
          {},
          contactSearch,
          await pagedTable('/v1/contacts', 'contacts', [['Name', (row) => text(row.name)], ['Headline', (row) => text(row.headline)], ['Company', (row) => text(row.primary_company_name)], ['Id', (row) => text(row.contact_id)]], search ? { ...params, query: search } : params),
        );
        break;
      }
      case 'companies':
        content = await pagedTable('/v1/companies', 'companies', [['Name', (row) => text(row.name)], ['Headcount', (row) => text(row.headcount)], ['Website', (row) => text(row.website_url)], ['Id', (row) => text(row.company_id)]], params);
        break;
      case 'conversations': {
        const messages = h('div', { class: 'messages' });
        const list = await pagedTable(
          '/v1/conversations',
          'conversations',
          [['With', (row) => text((row.participants as Row[] | undefined)?.filter((p) => !p.is_account_owner).map((p) => p.name).join(', '))], ['Last message', (row) => text(row.last_message_at)], ['Messages', (row) => text(row.message_count)]],
          params,
          (row) => {
            void pagedTable(`/v1/conversations/${encodeURIComponent(String(row.conversation_id))}/messages`, 'messages', [['Sent', (m) => text(m.sent_at)], ['Direction', (m) => text(m.direction)], ['Text', (m) => text(m.text)]], { account_id: accountId, limit: '25' }).then(
              (table) => messages.replaceChildren(h('h3', {}, `Messages of conversation ${text(row.conversation_id)}`), table),
              (error: Error) => messages.replaceChildren(h('p', { class: 'error' }, error.message)),
            );
          },
        );
        content = h('div', {}, h('p', { class: 'muted' }, 'Click a conversation for its messages.'), list, messages);
        break;
      }
      case 'views':
        content = await pagedTable('/v1/views', 'views', [['Name', (row) => text(row.name)], ['Kind', (row) => text(row.view_kind)], ['Description', (row) => text(row.description)], ['Id', (row) => text(row.public_id)]], params);
        break;
      case 'drafts': {
        const answer = await call<{ drafts: Row[] }>('GET', `/drafts?account_id=${encodeURIComponent(accountId)}`, { session: acting });
        const failed = problem(answer);
        if (failed) throw new Error(failed);
        content = answer.data.drafts.length === 0
          ? h('p', { class: 'muted' }, 'No drafts saved for this account.')
          : table(['Kind', 'Contact', 'Conversation', 'Message', 'Updated'], answer.data.drafts.map((row) => [text(row.kind), text(row.contact_id), text(row.conversation_id), text(row.draft_message), text(row.updated_at)]));
        break;
      }
      default:
        content = await activityChart(accountId);
    }
  } catch (error) {
    content = h('p', { class: 'error' }, (error as Error).message);
  }
  dataBody.replaceChildren(tabs, content);
}

const dataView = h(
  'section',
  { id: 'view-data', 'aria-label': 'Data', hidden: true },
  h('div', { class: 'toolbar' }, actingSelect(() => void renderAccounts()), h('span', { class: 'muted' }, 'Read-only, as the admin fixture key sees it.')),
  h('div', { class: 'data-split' }, accountsBody, dataBody),
);

// --- Tabs and keyboard

const views: Record<string, [HTMLElement, () => void]> = {
  requests: [requestsView, () => undefined],
  sessions: [sessionsView, () => void renderSessions()],
  faults: [faultsView, () => void renderFaults()],
  data: [dataView, () => void renderAccounts()],
};
const tabButtons = new Map<string, HTMLButtonElement>();

function show(name: string): void {
  for (const [viewName, [view, refresh]] of Object.entries(views)) {
    view.hidden = viewName !== name;
    tabButtons.get(viewName)?.setAttribute('aria-selected', String(viewName === name));
    if (viewName === name) refresh();
  }
}

const labels: Record<string, string> = { requests: 'Requests', sessions: 'Sessions', faults: 'Faults & snapshots', data: 'Data' };
const nav = h('nav', { role: 'tablist' });
for (const name of Object.keys(views)) {
  const tab = button(labels[name] ?? name, () => show(name), { role: 'tab', 'aria-selected': String(name === 'requests') });
  tabButtons.set(name, tab);
  nav.appendChild(tab);
}

document.addEventListener('keydown', (event) => {
  const target = event.target as HTMLElement;
  const typing = target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA';
  if (event.key === '/' && !typing) {
    event.preventDefault();
    show('requests');
    filterInput.focus();
  }
});

document.body.append(
  h('header', {}, h('h1', {}, 'network-mock inspector'), nav, live),
  h('main', {}, requestsView, sessionsView, faultsView, dataView),
  h('footer', {}, statusLine),
);
renderRequests();
void renderSessions();
void poll();
