import { describe, expect, it } from 'vitest';
import { ADMIN, api, OTHER_ORG, useMock } from '../support/harness';

useMock();

describe('GET /v1/organization', () => {
  it("answers the key's organization as a one-element array", async () => {
    const acme = await api(ADMIN, 'GET', '/v1/organization', { operation: 'listOrganizations' });
    expect(acme.status).toBe(200);
    expect(acme.body.organization).toHaveLength(1);
    expect(acme.body.organization[0].name).toBe('Acme');
    const globex = await api(OTHER_ORG, 'GET', '/v1/organization', { operation: 'listOrganizations' });
    expect(globex.body.organization[0].name).toBe('Globex');
  });
});
