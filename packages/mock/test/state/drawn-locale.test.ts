// The seeded dataset draws from a part of faker's English locale, and the package carries only that part: over the
// whole locale the same options give the same dataset, byte for byte, contacts seeded afterwards included.
import { faker as englishFaker } from '@faker-js/faker/locale/en';
import type { MockApiOptions } from '@network-org/mock';
import { describe, expect, it, vi } from 'vitest';

const CASES: MockApiOptions[] = [
  { seed: 1 },
  { seed: 2, now: '2030-06-01T00:00:00Z' },
  { seed: 977, contactsPerAccount: 400, conversationsPerAccount: 60, networkSize: 1_500 },
];

/** Each case's exported state, from a fresh load of the mock's modules, after seeding a contact of drawn fields. */
async function exportedStates(): Promise<string[]> {
  vi.resetModules();
  const { createMockApi } = await import('@network-org/mock');
  return CASES.map((options) => {
    const mock = createMockApi(options);
    mock.seed.contact({ account_id: [...mock.db.accounts()][0]!.account_id });
    return mock.exportState();
  });
}

describe('the faker definitions the dataset draws from', () => {
  it('give the dataset faker’s whole English locale gives', async () => {
    const drawn = await exportedStates();
    vi.doMock('../../src/store/faker-locale', () => ({ drawnLocale: () => englishFaker.rawDefinitions }));
    const whole = await exportedStates();
    vi.doUnmock('../../src/store/faker-locale');
    expect(whole).toHaveLength(CASES.length);
    whole.forEach((state, index) => expect(state === drawn[index], `case ${JSON.stringify(CASES[index])}`).toBe(true));
  });
});
