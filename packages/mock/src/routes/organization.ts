import { defineRoute } from '../engine/router';
import { organizationWire } from '../wire/records';

export const listOrganizations = defineRoute('listOrganizations', (ctx) => ({
  status: 200,
  body: { organization: [organizationWire(ctx.auth.organization)] },
}));
