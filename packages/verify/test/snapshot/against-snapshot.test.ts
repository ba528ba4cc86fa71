// network-verify agrees with a mock served from a snapshot: the snapshot is a state the mock serves as the service
// would, not only a file of records.
import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NetworkClient } from '@network-org/sdk';
import { createMockApi } from '@network-org/mock';
import { type MockServer, startMockServer } from '@network-org/mock/node';
import { type Report, runVerify } from '@network-org/verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scrubber } from '../../../mock/src/snapshot/scrub';
import { snapshotOrganization } from '../../../mock/src/snapshot/take';
import { everything } from '../support/mock';

let server: MockServer;
let report: Report;

beforeAll(async () => {
  const source = createMockApi({ seed: 7, rateLimit: false, contactsPerAccount: 30, conversationsPerAccount: 6, networkSize: 10 });
  const out = join(mkdtempSync(join(tmpdir(), 'verify-snapshot-')), 'snapshot.json');
  await snapshotOrganization({
    client: new NetworkClient({ baseUrl: 'https://api.network.test', apiKey: 'sk_test_admin', fetch: source.fetch }),
    out,
    scrubber: new Scrubber({ salt: 'verify' }),
  });
  server = await startMockServer({ port: 0, rateLimit: false, state: readFileSync(out, 'utf8') });
  report = await runVerify(everything(server));
});

afterAll(async () => {
  await server?.close();
});

describe('network-verify against a mock served from a snapshot', () => {
  it('finds no difference and no error', () => {
    const notAgreeing = report.scenarios.filter((s) => s.outcome === 'differ' || s.outcome === 'error');
    expect(notAgreeing.map(({ id, outcome, reason, differences }) => ({ id, outcome, reason, differences }))).toEqual([]);
    expect(report.summary.agree).toBeGreaterThan(150);
    // What a snapshot cannot hold: an account the member may not use (every snapshot account is shared for API use),
    // and people of the network who are nobody's contact (nothing to import). Like the seeded dataset, a snapshot's
    // headlines name the role and company and its locations are the current job's, so a search input that nothing
    // else matches cannot be picked for those three.
    const skipped = report.scenarios.filter((s) => s.outcome === 'skipped').map((s) => s.id);
    const notIsolated = /^contacts\.(query\.by-company|query\.by-role|search\.by-locations)$/;
    expect(skipped.filter((id) => !/^(auth\.member\.unshared-account|contacts\.import\.|rate-limit\.probe)/.test(id) && !notIsolated.test(id))).toEqual([]);
  });
});
