// `now: 'now'`: the dataset (or a loaded state) anchored at the current instant, read from a fake clock so the
// tests run across a date boundary.
import { createMockApi, type MockApi } from '@network-org/mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const ADMIN = 'sk_test_admin';
const DAY = 86_400_000;
const SMALL = { rateLimit: false, contactsPerAccount: 20, conversationsPerAccount: 8, networkSize: 10 } as const;
/** A second before midnight UTC, the last day of March. */
const PRESENT = '2026-03-31T23:59:59.000Z';

async function get(mock: MockApi, path: string, key: string | undefined = ADMIN): Promise<any> {
  const response = await mock.fetch(path, key === undefined ? {} : { headers: { authorization: `Bearer ${key}` } });
  expect(response.status).toBe(200);
  return response.json();
}

async function contactTimes(mock: MockApi): Promise<Map<string, number>> {
  const body = await get(mock, '/v1/contacts?limit=100');
  return new Map(body.data.contacts.map((contact: { account_relationship_id: string; created_at: string }) => [contact.account_relationship_id, Date.parse(contact.created_at)]));
}

const activityCount = async (mock: MockApi, from: string, to: string) =>
  (await get(mock, `/v1/activity/summary?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`)).data.total_events as number;

describe("now: 'now' anchors the dataset at the present", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(PRESENT) });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports the present in /__mock/health, and the present moves with the clock across midnight', async () => {
    const mock = createMockApi({ ...SMALL, now: 'now' });
    const health = await get(mock, '/__mock/health', undefined);
    expect(health).toEqual({ ok: true, version: expect.stringMatching(/^\d+\.\d+\.\d+/), now: PRESENT });
    vi.setSystemTime(new Date('2026-04-01T00:00:30.000Z'));
    expect((await get(mock, '/__mock/health', undefined)).now).toBe('2026-04-01T00:00:30.000Z');
    // The default mock's present stays at its fixed anchor.
    expect((await get(createMockApi(SMALL), '/__mock/health', undefined)).now).toBe('2026-01-15T12:00:00.000Z');
  });

  it('keeps every seeded time at its distance from the anchor', async () => {
    const fixed = createMockApi(SMALL);
    const present = createMockApi({ ...SMALL, now: 'now' });
    const shift = Date.parse(PRESENT) - Date.parse('2026-01-15T12:00:00Z');
    const [before, after] = [await contactTimes(fixed), await contactTimes(present)];
    expect(after.size).toBe(before.size);
    for (const [id, time] of before) expect(after.get(id)).toBe(time + shift);
    const fixedMessages = await get(fixed, '/v1/conversations?limit=5');
    const presentMessages = await get(present, '/v1/conversations?limit=5');
    expect(presentMessages.data.conversations.map((c: { last_message_at: string }) => Date.parse(c.last_message_at) - shift)).toEqual(
      fixedMessages.data.conversations.map((c: { last_message_at: string }) => Date.parse(c.last_message_at)),
    );
  });

  it('finds activity in "the last 30 days" by the real date, the day after too', async () => {
    const fixed = createMockApi(SMALL);
    const mock = createMockApi({ ...SMALL, now: 'now' });
    const lastThirtyDays = async () => {
      const today = new Date(new Date().toISOString().slice(0, 10)).getTime();
      return activityCount(mock, new Date(today - 30 * DAY).toISOString(), new Date(today + DAY).toISOString());
    };
    const found = await lastThirtyDays();
    expect(found).toBeGreaterThan(0);
    // The same count as the fixed-anchor mock has in the same window before its own anchor.
    const anchor = Date.parse('2026-01-15T00:00:00Z');
    expect(found).toBe(await activityCount(fixed, new Date(anchor - 30 * DAY).toISOString(), new Date(anchor + DAY).toISOString()));
    // Across midnight the window moves on with the clock and still finds activity.
    vi.setSystemTime(new Date('2026-04-01T00:00:01.000Z'));
    expect(await lastThirtyDays()).toBeGreaterThan(0);
    // The fixed-anchor mock, asked the same, finds nothing: what `now: 'now'` is for.
    const today = Date.parse('2026-04-01T00:00:00Z');
    expect(await activityCount(fixed, new Date(today - 30 * DAY).toISOString(), new Date(today + DAY).toISOString())).toBe(0);
  });

  it('moves a loaded state so that the instant it was taken is the present', async () => {
    const source = createMockApi(SMALL);
    const seeded = source.seed.contact({ account_id: (await get(source, '/v1/accounts')).data.accounts[0].account_id, last_interaction_at: '2026-01-10T08:00:00Z' });
    const state = source.exportState();
    const moved = createMockApi({ ...SMALL, state, now: 'now' });
    const shift = Date.parse(PRESENT) - Date.parse('2026-01-15T12:00:00Z');
    const contacts = (await get(moved, '/v1/contacts?limit=100&account_id=' + seeded.account.account_id)).data.contacts;
    const found = contacts.find((contact: { account_relationship_id: string }) => contact.account_relationship_id === seeded.account_relationship_id);
    expect(Date.parse(found.last_interaction_at)).toBe(Date.parse('2026-01-10T08:00:00Z') + shift);
    expect(Date.parse(found.created_at)).toBe(Date.parse(String(seeded.created_at)) + shift);
    expect((await get(moved, '/__mock/health', undefined)).now).toBe(PRESENT);
    // Exported again, the state is anchored at the present it was moved to.
    expect(JSON.parse(moved.exportState()).dataset.now).toBe(PRESENT);
  });

  it('takes the present from an injected clock, and reset({now: "now"}) re-anchors there', async () => {
    let time = Date.parse('2030-06-30T23:00:00Z');
    const mock = createMockApi({ ...SMALL, now: 'now', clock: () => new Date(time) });
    expect((await get(mock, '/__mock/health', undefined)).now).toBe('2030-06-30T23:00:00.000Z');
    expect(mock.db.now.toISOString()).toBe('2030-06-30T23:00:00.000Z');
    time += 2 * 3_600_000;
    mock.reset({ now: 'now' });
    expect(mock.db.now.toISOString()).toBe('2030-07-01T01:00:00.000Z');
  });
});
