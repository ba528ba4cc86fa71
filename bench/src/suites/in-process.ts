import { createMockApi } from '@network-org/mock';
import { NetworkClient } from '@network-org/sdk';
import { setupServer } from 'msw/node';
import { LIST_LIMIT, type Fixtures } from '../fixtures';
import { ADMIN_KEY } from '../lib/dataset';
import { sideBySide, type Contender } from '../lib/side-by-side';
import { overhead, us } from '../lib/stats';
import type { Section } from '../report';

export interface InProcessOptions {
  rounds: number;
  callsPerRound: number;
}

/** 10 rounds of 100: the 1,000 calls per contender. */
export const IN_PROCESS_FULL: InProcessOptions = { rounds: 10, callsPerRound: 100 };

const BASE_URL = 'https://api.network.test';

/** What a test suite pays per call: the SDK against `setupServer(...mock.handlers)`, and where that time goes. */
export async function inProcess(fixtures: Fixtures, options: InProcessOptions): Promise<Section> {
  const mock = createMockApi({ baseUrl: BASE_URL, rateLimit: false });
  const client = new NetworkClient({ apiKey: ADMIN_KEY, baseUrl: BASE_URL });
  const { accountId, contactId, patchBody } = fixtures;
  const listQuery = { account_id: [accountId], limit: LIST_LIMIT };
  const direct = (request: Fixtures['list']) => async () => {
    const init: RequestInit = { method: request.method, headers: request.headers };
    if (request.body !== undefined) init.body = request.body;
    const response = await mock.fetch(new Request(`${BASE_URL}${request.path}`, init));
    if (response.status !== 200) throw new Error(`mock.fetch answered ${response.status}`);
    return response.json();
  };
  const list: Contender[] = [
    { name: 'mock.fetch (no MSW, no SDK)', run: direct(fixtures.list) },
    { name: 'SDK through setupServer', run: () => client.contacts.list(listQuery) },
  ];
  const patch: Contender[] = [
    { name: 'mock.fetch (no MSW, no SDK)', run: direct(fixtures.patch) },
    { name: 'SDK through setupServer', run: () => client.contacts.update(contactId, patchBody) },
  ];
  const server = setupServer(...mock.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const measureOptions = { rounds: options.rounds, runsPerRound: options.callsPerRound, warmupRuns: options.callsPerRound };
    const listResults = await sideBySide(list, measureOptions);
    const patchResults = await sideBySide(patch, measureOptions);
    const row = (call: string) => (r: (typeof listResults)[number]) => [call, r.name, us(r.perRunMs), overhead(r.ratioToBaseline, 1)];
    return {
      title: 'In-process: SDK calls through setupServer',
      method:
        `msw's setupServer with the mock's handlers in the bench process; ${options.rounds * options.callsPerRound} sequential calls per contender ` +
        `(${options.rounds} interleaved rounds of ${options.callsPerRound}), medians over rounds. mock.fetch is the mock's own work, without MSW's interception or the SDK.`,
      columns: ['call', 'path', 'time per call', 'vs mock.fetch'],
      rows: [...listResults.map(row(`GET /v1/contacts (limit ${LIST_LIMIT})`)), ...patchResults.map(row('PATCH /v1/contacts/{id}'))],
      targets: [],
    };
  } finally {
    server.close();
  }
}
