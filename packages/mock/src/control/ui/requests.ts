// The journal view: every session's requests, live, with filters and the detail of one.
// Type-only (erased when bundled): the page reads exactly what the journal gives.
import type { JournalEntry, JournalSummary } from '../../engine/journal';
import { act, BASE, bodyBlock, button, call, clock, fillSelect, h, pairs, problem, queryText, report, select, sessionLabel, statusClass } from './dom';

// --- The journal: polled every second across every session.

const MAX_KEPT = 2000;
export const entries: JournalSummary[] = [];
let lastId = '0';
let paused = false;
let selected: string | undefined;
const filters = { text: '', session: '*', status: '*', operation: '*' };
// The sessions the session filter offers besides those seen in the journal: given by the sessions view.
let knownSessions: string[] = ['default'];

export const filterInput = h('input', { id: 'filter', type: 'search', placeholder: 'Filter: path, operation, status… (press /)', 'aria-label': 'Filter requests' });
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
export const live = h('span', { class: 'live' }, 'live');

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

export function renderRequests(): void {
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

/** The sessions the server has now, offered by the session filter. */
export function offerSessions(names: string[]): void {
  knownSessions = names;
  refreshFilterChoices();
}

/** Narrows the journal to the requests of one session. */
export function filterBySession(name: string): void {
  filters.session = name;
  refreshFilterChoices();
  renderRequests();
}

export async function poll(): Promise<void> {
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

export const requestsView = h(
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
