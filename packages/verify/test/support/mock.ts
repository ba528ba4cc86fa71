import type { MockApi } from '@network-org/mock';
import type { MockServer } from '@network-org/mock/node';
import type { VerifyOptions } from '@network-org/verify';

/** The whole suite against a mock server: every flag on, the member key, no pacing (the mock runs unlimited). */
export function everything(server: MockServer): VerifyOptions {
  return {
    baseUrl: server.url,
    apiKey: server.mock.keys.admin,
    memberKey: 'sk_test_member',
    allowWrites: true,
    allowCredits: true,
    rateLimit: false,
  };
}

/** The whole suite against the mock in process, through its `fetch`: for tests whose subject is not the transport. */
export function everythingInProcess(mock: MockApi): VerifyOptions {
  return {
    baseUrl: mock.baseUrl,
    apiKey: mock.keys.admin,
    memberKey: 'sk_test_member',
    allowWrites: true,
    allowCredits: true,
    rateLimit: false,
    fetch: mock.fetch,
  };
}
