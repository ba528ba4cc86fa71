// The coverage view: what the requests exercised of the API, for the whole mock or one session, the operations
// with the largest gaps first (GET /__mock/coverage; DELETE forgets it).
import type { CoverageReport, OperationCoverage } from '../../coverage/report';
import { act, button, call, fillSelect, h, problem, select, table } from './dom';

const WHOLE = '*';
let chosen = WHOLE;
const coverageBody = h('div');
const sessionChoice = select('Coverage of', [[WHOLE, 'whole mock']], WHOLE, (value) => {
  chosen = value;
  void renderCoverage();
});

const gapOf = (operation: OperationCoverage) => operation.unseen_responses.length + operation.parameters_unused.length;
const counted = (record: Record<string, number>) =>
  Object.entries(record)
    .map(([name, count]) => `${name}×${count}`)
    .join(' ') || '—';

function operationRow(operation: OperationCoverage) {
  const parameters = operation.parameters_used.length + operation.parameters_unused.length;
  return [
    h('span', { class: operation.calls === 0 ? 'muted' : '' }, operation.operation_id),
    `${operation.method} ${operation.path}`,
    String(operation.calls),
    counted(operation.statuses),
    h('span', { class: operation.unseen_responses.length > 0 ? 'gap' : '' }, operation.unseen_responses.join(' ') || '—'),
    `${operation.parameters_used.length}/${parameters}`,
    operation.parameters_unused.join(' ') || '—',
    String(operation.pages_followed),
    operation.forced.faults + operation.forced.overrides > 0 ? `${operation.forced.faults} faults, ${operation.forced.overrides} overrides` : '—',
  ];
}

async function renderChoices(): Promise<void> {
  const answer = await call<{ sessions: { name: string }[] }>('GET', '/sessions');
  if (problem(answer)) return;
  const names = answer.data.sessions.map((session) => session.name);
  if (chosen !== WHOLE && !names.includes(chosen)) names.push(chosen);
  fillSelect(sessionChoice, [[WHOLE, 'whole mock'], ...names.map((name): [string, string] => [name, name])], chosen);
}

export async function renderCoverage(): Promise<void> {
  await renderChoices();
  const answer = await call<CoverageReport>('GET', '/coverage', { session: chosen === WHOLE ? null : chosen });
  const failed = problem(answer);
  if (failed) {
    coverageBody.replaceChildren(h('p', { class: 'error' }, failed));
    return;
  }
  const report = answer.data;
  const { operations, responses, parameters } = report.totals;
  const rows = report.operations
    .map((operation, order) => ({ operation, order }))
    .sort((a, b) => gapOf(b.operation) - gapOf(a.operation) || a.order - b.order)
    .map(({ operation }) => operationRow(operation));
  coverageBody.replaceChildren(
    h(
      'p',
      { id: 'coverage-totals' },
      `Operations exercised ${operations.exercised} of ${operations.of} · documented responses seen ${responses.seen} of ${responses.of} · parameters used ${parameters.used} of ${parameters.of} · spec ${report.spec_version}`,
    ),
    table(['Operation', 'Route', 'Calls', 'Statuses', 'Never seen', 'Params', 'Unused params', 'Pages', 'Forced'], rows, { id: 'coverage' }),
    h(
      'div',
      { hidden: report.unmatched.length === 0 },
      h('h3', {}, 'Requests that matched no operation'),
      table(['Calls', 'Request', 'Hint'], report.unmatched.map((request) => [String(request.calls), `${request.method} ${request.path}`, request.hint]), { id: 'coverage-unmatched' }),
    ),
  );
}

export const coverageView = h(
  'section',
  { id: 'view-coverage', 'aria-label': 'Coverage', hidden: true },
  h(
    'div',
    { class: 'toolbar' },
    sessionChoice,
    button('Refresh', () => void renderCoverage()),
    button('Forget', () => void act('Forgetting the coverage', () => call('DELETE', '/coverage', { session: chosen === WHOLE ? null : chosen }), () => void renderCoverage())),
  ),
  h('p', { class: 'muted' }, 'What the requests exercised of the spec: the operations with the most responses never seen and parameters never used first.'),
  coverageBody,
);
