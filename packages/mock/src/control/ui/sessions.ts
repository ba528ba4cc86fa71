// The sessions view, the session the faults, snapshots and data tabs act on, and the faults and snapshots view.
import { act, button, call, type Child, clock, fillSelect, h, problem, select, sessionLabel, table } from './dom';
import { entries, offerSessions } from './requests';

// --- Sessions

interface SessionInfo {
  name: string;
  created_at: string;
  last_used_at: string;
}

let knownSessions: string[] = ['default'];
const sessionsBody = h('div');
// The tabs are app.ts's: it gives the way to the journal view, so this view does not import the page.
let openJournal: (session: string) => void = () => undefined;

/** What the "Journal" button of a session does: shows the journal view narrowed to that session. */
export function onOpenJournal(open: (session: string) => void): void {
  openJournal = open;
}

export async function renderSessions(): Promise<void> {
  const answer = await call<{ sessions: SessionInfo[]; max_sessions: number }>('GET', '/sessions');
  const failed = problem(answer);
  if (failed) {
    sessionsBody.replaceChildren(h('p', { class: 'error' }, failed));
    return;
  }
  const { sessions, max_sessions } = answer.data;
  knownSessions = ['default', ...sessions.map((session) => session.name)];
  offerSessions(knownSessions);
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
        button('Journal', () => openJournal(name)),
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

export const sessionsView = h('section', { id: 'view-sessions', 'aria-label': 'Sessions', hidden: true }, h('div', { class: 'toolbar' }, button('Refresh', () => void renderSessions())), sessionsBody);

// --- The session the faults, snapshots and data tabs act on

export let acting: string | null = null;
const actingSelects: HTMLSelectElement[] = [];

export function actingSelect(onChange: () => void): HTMLSelectElement {
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

export async function renderFaults(): Promise<void> {
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

export const faultsView = h(
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
