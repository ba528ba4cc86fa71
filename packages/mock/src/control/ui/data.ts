// The data browser: what the admin fixture key reads, in the session the tab acts on.
import { append, button, call, type Child, h, problem, table } from './dom';
import { operationRoutes } from '@network-org/spec/routes';
import { acting, actingSelect } from './sessions';

// --- Data, read-only, through GET /__mock/api/v1/... (the mock reads as the admin fixture key: no key here)

interface Page<T> {
  items: T[];
  next?: string | undefined;
}

type ListOperation = { [Op in keyof typeof operationRoutes]: (typeof operationRoutes)[Op]['list'] extends null ? never : Op }[keyof typeof operationRoutes];

/** One page of a list operation: its path, and where its items are, from the spec's route table. */
async function read<T>(operation: ListOperation, params: Record<string, string> = {}, path: Record<string, string> = {}): Promise<Page<T>> {
  const { path: template, list } = operationRoutes[operation];
  const url = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(path[name] ?? ''));
  const query = new URLSearchParams(params);
  const answer = await call<Record<string, unknown>>('GET', `/api${url}?${query}`, { session: acting });
  const failed = problem(answer);
  if (failed) throw new Error(failed);
  const payload = ((list.envelope ? answer.data[list.envelope] : answer.data) ?? {}) as Record<string, unknown> & { pagination?: { next_cursor?: string } };
  return { items: (payload[list.key] ?? []) as T[], next: payload.pagination?.next_cursor };
}

type Row = Record<string, unknown>;
const text = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value));

const accountsBody = h('div', { class: 'accounts' });
const dataBody = h('div', { class: 'data' });
let account: string | undefined;
let dataTab = 'contacts';

export async function renderAccounts(): Promise<void> {
  try {
    const { items } = await read<Row>('listAccounts');
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

async function pagedTable(operation: ListOperation, columns: [string, (row: Row) => Child][], params: Record<string, string>, onRow?: (row: Row) => void, path: Record<string, string> = {}): Promise<HTMLElement> {
  const holder = h('div');
  const load = async (cursor?: string) => {
    const page = await read<Row>(operation, cursor ? { ...params, cursor } : params, path);
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
    const page = await read<Row>('listActivity', { account_id: accountId, limit: '200', ...(cursor ? { cursor } : {}) });
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
          await pagedTable('listContacts', [['Name', (row) => text(row.name)], ['Headline', (row) => text(row.headline)], ['Company', (row) => text(row.primary_company_name)], ['Id', (row) => text(row.contact_id)]], search ? { ...params, query: search } : params),
        );
        break;
      }
      case 'companies':
        content = await pagedTable('listCompanies', [['Name', (row) => text(row.name)], ['Headcount', (row) => text(row.headcount)], ['Website', (row) => text(row.website_url)], ['Id', (row) => text(row.company_id)]], params);
        break;
      case 'conversations': {
        const messages = h('div', { class: 'messages' });
        const list = await pagedTable(
          'listConversations',
          [['With', (row) => text((row.participants as Row[] | undefined)?.filter((p) => !p.is_account_owner).map((p) => p.name).join(', '))], ['Last message', (row) => text(row.last_message_at)], ['Messages', (row) => text(row.message_count)]],
          params,
          (row) => {
            void pagedTable('listConversationMessages', [['Sent', (m) => text(m.sent_at)], ['Direction', (m) => text(m.direction)], ['Text', (m) => text(m.text)]], { account_id: accountId, limit: '25' }, undefined, { conversationId: String(row.conversation_id) }).then(
              (table) => messages.replaceChildren(h('h3', {}, `Messages of conversation ${text(row.conversation_id)}`), table),
              (error: Error) => messages.replaceChildren(h('p', { class: 'error' }, error.message)),
            );
          },
        );
        content = h('div', {}, h('p', { class: 'muted' }, 'Click a conversation for its messages.'), list, messages);
        break;
      }
      case 'views':
        content = await pagedTable('listViews', [['Name', (row) => text(row.name)], ['Kind', (row) => text(row.view_kind)], ['Description', (row) => text(row.description)], ['Id', (row) => text(row.public_id)]], params);
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

export const dataView = h(
  'section',
  { id: 'view-data', 'aria-label': 'Data', hidden: true },
  h('div', { class: 'toolbar' }, actingSelect(() => void renderAccounts()), h('span', { class: 'muted' }, 'Read-only, as the admin fixture key sees it.')),
  h('div', { class: 'data-split' }, accountsBody, dataBody),
);
