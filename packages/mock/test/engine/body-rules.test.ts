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
