import { afterEach, expect, it, vi } from 'vitest';
import { send, useMock } from '../support/harness';
import { ENGINE_TEST_MOCK } from '../support/engine-routes';

useMock({ ...ENGINE_TEST_MOCK, resetAfterEach: true, latency: 2_000 });

afterEach(() => {
  vi.useRealTimers();
});

it('delays every API response by the latency option', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  let settled = false;
  const pending = send('/v1/accounts').then((result) => {
    settled = true;
    return result;
  });
  await vi.advanceTimersByTimeAsync(1_900);
  expect(settled).toBe(false);
  await vi.advanceTimersByTimeAsync(200);
  expect((await pending).status).toBe(200);
});
