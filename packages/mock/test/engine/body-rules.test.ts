import { describe, expect, it } from 'vitest';
import { expectError, send, useMock } from '../support/harness';

useMock({ resetAfterEach: true });

describe('rules across body fields', () => {
  it('words a missing one-of pair as a sentence that names both fields', async () => {
    const reply = await send('/v1/enrich', { method: 'POST', body: { account_id: '101' } });
    expectError(reply, 400, 'bad_request', 'Invalid request body: one of network_url or contact_id is required.');
  });

  it('words a both-given one-of pair by the field that is too many', async () => {
    const reply = await send('/v1/drafts', {
      method: 'POST',
      body: { account_id: '101', draft_message: 'Hi', contact_id: '1000001', conversation_id: '1' },
    });
    expectError(reply, 400, 'bad_request', /conversation_id.*only one of contact_id or conversation_id/);
  });
});

describe('deeply nested bodies', () => {
  it.each([
    ['arrays', (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`],
    ['objects', (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`],
  ])('refuses %s nested 100,000 deep by their depth, and changes nothing', async (_kind, nest) => {
    const before = await send('/v1/contacts?limit=1');
    const contact = before.body.data.contacts[0];
    const reply = await send(`/v1/contacts/${contact.contact_id}`, {
      method: 'PATCH',
      rawBody: `{"account_id":"${contact.account.account_id}","notes_json":null,"Deal stage":${nest(100_000)}}`,
    });
    expectError(reply, 400, 'bad_request', 'Request body nests arrays and objects deeper than 32 levels.');
    expect((await send('/v1/contacts?limit=1')).body.data.contacts[0]).toEqual(contact);
  });

  it('reads brackets inside strings as text, not nesting', async () => {
    const reply = await send('/v1/contacts?limit=1');
    const contact = reply.body.data.contacts[0];
    const notes = JSON.stringify({ text: '['.repeat(100) + '{'.repeat(100) });
    const updated = await send(`/v1/contacts/${contact.contact_id}`, {
      method: 'PATCH',
      body: { account_id: contact.account.account_id, notes_json: notes },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.contact.notes_json).toBe(notes);
  });

  it('names the path of a prototype key however deep it sits', async () => {
    const reply = await send('/v1/views', {
      method: 'POST',
      rawBody: '{"account_id":"101","type":"contact","name":"x","filters":{"specific_contacts":{"contact_ids":["1"],"list":[{"constructor":1}]}}}',
    });
    expectError(reply, 400, 'bad_request', 'Request body key "filters.specific_contacts.list[0].constructor" is not allowed.');
  });
});

describe('numbers JSON cannot hold', () => {
  it('refuses 1e400 for a number field and reports it as sent, not as null', async () => {
    const before = await send('/v1/contacts?limit=1');
    const contact = before.body.data.contacts[0];
    const reply = await send(`/v1/contacts/${contact.contact_id}`, {
      method: 'PATCH',
      rawBody: `{"account_id":"${contact.account.account_id}","Lead score":1e400}`,
    });
    expectError(reply, 400, 'bad_request', /"Lead score".*\(got Infinity\)/);
    expect((await send('/v1/contacts?limit=1')).body.data.contacts[0]).toEqual(contact);
  });
});
