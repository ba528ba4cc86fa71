// Optional vitest setup file: every mock any test creates (in process, msw or the standalone server: every adapter
// calls the same engine, `mock.answer`) checks every response against spec/openapi.yaml, and a violation fails
// the test that caused it. Enable with `setupFiles: ['test/support/contract-setup.ts']` in vitest.config.ts.
// Mocks built with a custom `routes` table are test doubles of the engine, not the reference mock: left alone.
import { afterAll, afterEach, vi } from 'vitest';
import type * as MockModule from '../../packages/mock/src/index';
import { ContractRecorder, wrapMockApi } from './contract';

const recorder = new ContractRecorder();

vi.mock('@network-org/mock', async (importOriginal) => {
  const original = await importOriginal<typeof MockModule>();
  const createMockApi: typeof original.createMockApi = (options = {}) => {
    const mock = original.createMockApi(options);
    return options?.routes ? mock : wrapMockApi(mock, recorder);
  };
  return { ...original, createMockApi };
});

afterEach(() => recorder.assertClean());
afterAll(() => {
  if (recorder.checked > 0) console.info(recorder.summary('setup'));
});
