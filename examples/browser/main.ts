import { ApiError, AuthenticationError, NetworkClient, RateLimitError, type Contact, type Page } from '@network-org/sdk';
import { connect } from './connect';

// A contact list with a tag filter, "Load more" and a tag editor, on @network-org/sdk. In development the API is
// the mock in a service worker (connect.ts); a production build holds none of it.
const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!;
const status = $<HTMLParagraphElement>('#status');
const alert = $<HTMLParagraphElement>('#error');
const list = $<HTMLUListElement>('#contacts');
const loadMore = $<HTMLButtonElement>('#load-more');
const filter = $<HTMLFormElement>('#filter');
const tagFilter = $<HTMLInputElement>('#tag-filter');
const editor = $<HTMLElement>('#editor');
const editorTitle = $<HTMLHeadingElement>('#editor-title');
const editorTags = $<HTMLUListElement>('#editor-tags');
const addTag = $<HTMLFormElement>('#add-tag');
const newTag = $<HTMLInputElement>('#new-tag');

/** What a person reads for each error the API can give. */
function describe(error: unknown): string {
  if (error instanceof AuthenticationError) return 'Your API key was refused (401). Sign in again.';
  if (error instanceof RateLimitError) return `Too many requests (429): try again in ${error.retryAfter ?? 'a few'} s.`;
  if (error instanceof ApiError && error.status >= 500) return `The service failed (${error.status}). Try again in a moment.`;
  if (error instanceof ApiError) return `${error.status} ${error.code}: ${error.message}`;
  return `Failed: ${error instanceof Error ? error.message : String(error)}`;
}

function showError(error: unknown): void {
  alert.textContent = describe(error);
  alert.hidden = false;
  status.textContent = '';
}

async function main(): Promise<void> {
  const client: NetworkClient = await connect();
  const [account] = await client.accounts.list();
  if (!account) throw new Error('This key may use no account.');
  const accountId = account.account_id;
  const shown: Contact[] = [];
  let page: Page<Contact> | undefined;
  let editing: Contact | undefined;

  const tagsOf = (contact: Contact) =>
    contact.tags.map((tag) => {
      const chip = document.createElement('span');
      chip.className = `tag ${tag.color}`;
      chip.textContent = tag.name;
      return chip;
    });

  function render(): void {
    list.replaceChildren(
      ...shown.map((contact) => {
        const item = document.createElement('li');
        item.className = 'contact';
        const name = Object.assign(document.createElement('span'), { className: 'name', textContent: contact.name });
        const headline = Object.assign(document.createElement('span'), { className: 'headline', textContent: contact.headline ?? '' });
        const tags = Object.assign(document.createElement('span'), { className: 'tags' });
        tags.append(...tagsOf(contact));
        const edit = Object.assign(document.createElement('button'), { type: 'button', textContent: 'Edit tags' });
        edit.setAttribute('aria-label', `Edit tags of ${contact.name}`);
        edit.addEventListener('click', () => openEditor(contact));
        item.append(name, headline, tags, edit);
        return item;
      }),
    );
    const tag = tagFilter.value.trim();
    const count = `${shown.length} contact${shown.length === 1 ? '' : 's'}`;
    status.textContent = shown.length === 0 ? 'No contacts.' : `${count}${tag ? ` tagged ${tag}` : ''}`;
    loadMore.hidden = !page?.hasNextPage();
  }

  async function run(work: () => Promise<void>): Promise<void> {
    alert.hidden = true;
    status.textContent = 'Loading…';
    try {
      await work();
    } catch (error) {
      showError(error);
    }
  }

  const loadFirst = () =>
    run(async () => {
      const tag = tagFilter.value.trim();
      page = await client.contacts.list({ account_id: [accountId], ...(tag ? { tag } : {}) });
      shown.splice(0, shown.length, ...page.items);
      render();
    });

  function openEditor(contact: Contact): void {
    editing = contact;
    editorTitle.textContent = `Tags of ${contact.name}`;
    editorTags.replaceChildren(
      ...contact.tags.map((tag) => {
        const item = document.createElement('li');
        const remove = Object.assign(document.createElement('button'), { type: 'button', textContent: `Remove ${tag.name}` });
        remove.addEventListener('click', () => void save({ remove: [tag.name] }));
        item.append(...tagsOf({ ...contact, tags: [tag] }), remove);
        return item;
      }),
    );
    editor.hidden = false;
    newTag.focus();
  }

  const save = (tags: { add?: { name: string; color: string }[]; remove?: string[] }) =>
    run(async () => {
      if (!editing) return;
      const updated = await client.contacts.update(editing.contact_id, { account_id: accountId, tags });
      const at = shown.findIndex((contact) => contact.contact_id === updated.contact_id);
      if (at >= 0) shown[at] = updated;
      render();
      openEditor(updated);
    });

  filter.addEventListener('submit', (event) => {
    event.preventDefault();
    void loadFirst();
  });
  loadMore.addEventListener('click', () =>
    run(async () => {
      if (!page) return;
      loadMore.disabled = true;
      try {
        page = await page.nextPage();
        shown.push(...page.items);
        render();
      } finally {
        loadMore.disabled = false;
      }
    }),
  );
  addTag.addEventListener('submit', (event) => {
    event.preventDefault();
    const name = newTag.value.trim();
    newTag.value = '';
    if (name) void save({ add: [{ name, color: 'green' }] });
  });
  $<HTMLButtonElement>('#close-editor').addEventListener('click', () => {
    editor.hidden = true;
    editing = undefined;
  });

  await loadFirst();
}

main().catch(showError);
