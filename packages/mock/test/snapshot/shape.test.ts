// The shape survives: answers served from the snapshot match the source's, per account; and a snapshot of the
// snapshot, even with the same salt, is scrubbed again like any source.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMockApi, type MockApi } from '@network-org/mock';
import { beforeAll, describe, expect, it } from 'vitest';
import { markedSource, snapshotOf, tempDir } from './support';

const ADMIN = { authorization: 'Bearer sk_test_admin' };
const get = async (mock: MockApi, path: string) => {
  const response = await mock.fetch(path, { headers: ADMIN });
  expect(response.status, path).toBe(200);
  return (await response.json()) as any;
};

async function all(mock: MockApi, path: string, key: string): Promise<any[]> {
  const items: any[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = (await get(mock, `${path}${path.includes('?') ? '&' : '?'}limit=25${cursor ? `&cursor=${cursor}` : ''}`)).data;
    items.push(...page[key]);
    if (!page.pagination.has_more) return items;
    cursor = page.pagination.next_cursor;
  }
}

const countBy = <T>(items: T[], keyOf: (item: T) => string | string[]) => {
  const counts: Record<string, number> = {};
  for (const item of items) for (const key of [keyOf(item)].flat()) counts[key] = (counts[key] ?? 0) + 1;
  return counts;
};
/** Counts of each distinct value, sorted: the distribution, whatever the values are called. */
const distribution = (values: unknown[]) => Object.values(countBy(values, (value) => JSON.stringify(value))).sort((a, b) => a - b);

/** What a user of the data would count, per account. */
async function shapeOf(mock: MockApi) {
  const accounts = (await get(mock, '/v1/accounts')).data.accounts.map((account: any) => account.account_id);
  const shape: Record<string, unknown> = { accounts };
  const fields = (await get(mock, '/__mock/custom-fields')) as any;
  const acme = Object.values(fields).flat() as any[];
  for (const accountId of accounts) {
    const contacts = await all(mock, `/v1/contacts?account_id=${accountId}`, 'contacts');
    const conversations = await all(mock, `/v1/conversations?account_id=${accountId}`, 'conversations');
    const views = await all(mock, `/v1/views?account_id=${accountId}`, 'views');
    const selected: Record<string, string[]> = {};
    for (const view of views) selected[view.id] = (await all(mock, `/v1/contacts?account_id=${accountId}&view_id=${view.id}`, 'contacts')).map((c) => c.contact_id).sort();
    const customFields: Record<string, unknown> = {};
    for (const name of new Set(contacts.flatMap((contact) => Object.keys(contact)).filter((key) => !(key in contacts[0]) || /[A-Z ]/.test(key)))) {
      const values = contacts.map((contact) => contact[name]).filter((value) => value !== undefined && value !== null);
      customFields[name] = { types: [...new Set(values.map((value) => typeof value))], distribution: distribution(values) };
    }
    shape[accountId] = {
      contacts: contacts.length,
      perTag: countBy(contacts, (contact) => contact.tags.map((tag: any) => `${tag.name}/${tag.color}`)),
      perStatus: countBy(contacts, (contact) => contact.relationship_status),
      perCompany: countBy(contacts, (contact) => contact.company?.company_id ?? 'none'),
      conversationsPerContact: countBy(conversations, (conversation) => conversation.participants.flatMap((p: any) => (p.contact_id ? [p.contact_id] : []))),
      messagesPerConversation: Object.fromEntries(conversations.map((conversation) => [conversation.conversation_id, conversation.message_count])),
      customFields,
      views: selected,
    };
  }
  shape['registeredFields'] = acme.map((field) => `${field.target}:${field.name}:${field.type}`).sort();
  for (const days of [7, 30, 90]) {
    const to = '2026-01-15T12:00:00Z';
    const from = new Date(Date.parse(to) - days * 86_400_000).toISOString();
    const summary = (await get(mock, `/v1/activity/summary?from=${from}&to=${to}`)).data;
    shape[`activity${days}`] = { total: summary.total_events, byType: summary.by_event_type, byChannel: summary.by_channel };
  }
  return shape;
}

describe('the shape of a snapshot', () => {
  const dir = tempDir();
  const out = join(dir, 'snapshot.json');
  const source = markedSource();
  let served: MockApi;

  beforeAll(async () => {
    await snapshotOf(source, out);
    served = createMockApi({ state: readFileSync(out, 'utf8'), rateLimit: false });
  });

  it('answers as the source does: contacts per tag, status and company, conversations, messages, custom fields, views, activity', async () => {
    const [expected, actual] = [await shapeOf(source), await shapeOf(served)];
    // Only the organization's registered fields that carry values can be seen through the API.
    const { registeredFields: sourceFields, ...sourceRest } = expected as Record<string, unknown>;
    const { registeredFields: servedFields, ...servedRest } = actual as Record<string, unknown>;
    expect(servedRest).toEqual(sourceRest);
    // Not an empty comparison: the source has tags, custom field values, views that select, messages and activity.
    const first = sourceRest[(sourceRest['accounts'] as string[])[0] as string] as any;
    expect(Object.keys(first.perTag).length).toBeGreaterThan(1);
    expect(Object.keys(first.customFields)).toEqual(expect.arrayContaining(['Deal stage', 'Lead score', 'Is customer']));
    expect(Object.values(first.views).some((ids) => (ids as string[]).length > 0)).toBe(true);
    expect(Object.keys(first.messagesPerConversation).length).toBeGreaterThan(0);
    expect((sourceRest['activity90'] as { total: number }).total).toBeGreaterThan(0);
    expect(servedFields).toEqual((sourceFields as string[]).filter((field) => (servedFields as string[]).includes(field)));
    expect((servedFields as string[]).length).toBeGreaterThanOrEqual(4);
  });

  it('is scrubbed again when snapshotted with the same salt: no name, handle or e-mail of the first is kept', async () => {
    const again = join(dir, 'again.json');
    await snapshotOf(served, again);
    const first = JSON.parse(readFileSync(out, 'utf8')).changes;
    const second = JSON.parse(readFileSync(again, 'utf8')).changes;
    const values = (changes: any) => [
      ...changes.people.flatMap((person: any) => [`${person.first_name} ${person.last_name}`, person.public_identifier]),
      ...changes.contacts.flatMap((contact: any) => (contact.work_email ? [contact.work_email] : [])),
    ];
    const kept = new Set(values(first));
    expect(kept.size).toBeGreaterThan(40);
    expect(values(second).filter((value) => kept.has(value))).toEqual([]);
  });
});
