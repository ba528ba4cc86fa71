// The inspector page's common ground: access to the control API, DOM helpers, formatting and the status line.
// It talks only to the control API of the origin that served it.
// Type-only (erased when bundled): the page reads exactly what the journal gives.
import type { JournalBody } from '../../engine/journal';

/** What a control API call answered: its status and its body (parsed JSON, else the text). */
export interface ControlReply<T> {
  status: number;
  data: T;
}

export type Child = Node | string | null | undefined | false;

// --- Access: the control token (when the server has one) comes once in `?token=`, then lives in sessionStorage.

const TOKEN_KEY = 'network-mock-control-token';
const CONTROL = location.pathname.replace(/\/ui\/?$/, '');
// The API's base path: what is before /__mock.
export const BASE = CONTROL.replace(/\/__mock$/, '');

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

export async function call<T>(method: string, path: string, options: { session?: string | null; body?: unknown } = {}): Promise<ControlReply<T>> {
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

export function problem(reply: ControlReply<unknown>): string | undefined {
  if (reply.status < 400) return undefined;
  const data = reply.data as { code?: string; message?: string };
  return `${reply.status} ${data.code ?? ''}: ${data.message ?? String(reply.data)}`;
}

// --- DOM helpers

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string | boolean> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false) continue;
    if (name === 'class') element.className = String(value);
    else element.setAttribute(name, value === true ? '' : value);
  }
  append(element, children);
  return element;
}

export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

export function button(label: string, onClick: () => void, attributes: Record<string, string | boolean> = {}): HTMLButtonElement {
  const element = h('button', { type: 'button', ...attributes }, label);
  element.addEventListener('click', onClick);
  return element;
}

export function select(label: string, options: [string, string][], value: string, onChange: (value: string) => void): HTMLSelectElement {
  const element = h('select', { 'aria-label': label });
  fillSelect(element, options, value);
  element.addEventListener('change', () => onChange(element.value));
  return element;
}

export function fillSelect(element: HTMLSelectElement, options: [string, string][], value: string): void {
  element.replaceChildren(...options.map(([optionValue, text]) => h('option', { value: optionValue, selected: optionValue === value }, text)));
  element.value = value;
}

export function table(columns: string[], rows: Child[][], attributes: Record<string, string> = {}): HTMLTableElement {
  return h(
    'table',
    attributes,
    h('thead', {}, h('tr', {}, ...columns.map((column) => h('th', { scope: 'col' }, column)))),
    h('tbody', {}, ...rows.map((row) => h('tr', {}, ...row.map((cell) => h('td', {}, cell))))),
  );
}

export function pairs(record: Record<string, string | string[]>): HTMLElement {
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

export function bodyBlock(body: JournalBody | null, label: string): HTMLElement {
  if (body === null) return h('p', { class: 'muted' }, 'none (or the mock keeps no bodies)');
  const note = body.truncated ? h('p', { class: 'warn' }, `Truncated: the first ${body.text.length} characters of ${body.bytes} bytes.`) : null;
  return h('div', {}, note, h('pre', { class: 'body', 'aria-label': label }, body.truncated ? body.text : pretty(body.text)));
}

export const sessionLabel = (session: string | null) => session ?? 'default';

export function statusClass(status: number): string {
  if (status === 0) return 'dropped';
  return `${Math.floor(status / 100)}xx`;
}

/** The query as a URL's (`encode`) or as a person reads it (`?timezone=Europe/Paris`). */
export function queryText(query: Record<string, string | string[]>, encode = false): string {
  const parts: string[] = [];
  const write = encode ? encodeURIComponent : (text: string) => text;
  for (const [name, value] of Object.entries(query)) {
    for (const each of Array.isArray(value) ? value : [value]) parts.push(`${write(name)}=${write(each)}`);
  }
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

export const clock = (time: string) => time.slice(11, 23);

// --- Status line

export const statusLine = h('p', { class: 'status', role: 'status' });
export function report(message: string, isError = false): void {
  statusLine.textContent = message;
  statusLine.classList.toggle('error', isError);
}

export async function act(what: string, run: () => Promise<ControlReply<unknown>>, after?: () => void): Promise<void> {
  const answer = await run();
  const failed = problem(answer);
  report(failed ? `${what} failed: ${failed}` : `${what}: done.`, failed !== undefined);
  if (!failed) after?.();
}
