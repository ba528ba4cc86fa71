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
