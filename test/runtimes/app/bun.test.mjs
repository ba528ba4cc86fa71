// `bun test`: the SDK's calls are real promises, so bun's own matchers can await them.
import { expect, test } from 'bun:test';
import { AuthenticationError, NetworkClient } from '@network-org/sdk';

const baseUrl = process.env.MOCK_URL;

test('a call resolves to its value', async () => {
  const client = new NetworkClient({ baseUrl, apiKey: 'sk_test_admin', maxRetries: 0 });
  await expect(client.accounts.list()).resolves.toEqual(expect.arrayContaining([expect.objectContaining({ account_id: expect.any(String) })]));
});

test('a failed call rejects with its error class', async () => {
  const client = new NetworkClient({ baseUrl, apiKey: 'sk_live_matrixSECRET_0123456789abcdef', maxRetries: 0 });
  await expect(client.accounts.list()).rejects.toBeInstanceOf(AuthenticationError);
});
