// The inspector page: plain DOM code, bundled by esbuild into the page the control API serves at /__mock/ui/.
// This entry holds the tabs, the keyboard and the start-up; each view is a module of this folder.
import { coverageView, renderCoverage } from './coverage';
import { button, h, statusLine } from './dom';
import { dataView, renderAccounts } from './data';
import { filterBySession, filterInput, live, poll, renderRequests, requestsView } from './requests';
import { faultsView, onOpenJournal, renderFaults, renderSessions, sessionsView } from './sessions';

// --- Tabs and keyboard

const views: Record<string, [HTMLElement, () => void]> = {
  requests: [requestsView, () => undefined],
  sessions: [sessionsView, () => void renderSessions()],
  // Their session choice offers the sessions the server has now: tests start new ones while the page is open.
  faults: [faultsView, () => void renderSessions().then(renderFaults)],
  data: [dataView, () => void renderSessions().then(renderAccounts)],
  coverage: [coverageView, () => void renderCoverage()],
};
const tabButtons = new Map<string, HTMLButtonElement>();

function show(name: string): void {
  for (const [viewName, [view, refresh]] of Object.entries(views)) {
    view.hidden = viewName !== name;
    tabButtons.get(viewName)?.setAttribute('aria-selected', String(viewName === name));
    if (viewName === name) refresh();
  }
}

onOpenJournal((session) => {
  filterBySession(session);
  show('requests');
});

const labels: Record<string, string> = { requests: 'Requests', sessions: 'Sessions', faults: 'Faults & snapshots', data: 'Data', coverage: 'Coverage' };
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
  h('main', {}, requestsView, sessionsView, faultsView, dataView, coverageView),
  h('footer', {}, statusLine),
);
renderRequests();
void renderSessions();
void poll();
