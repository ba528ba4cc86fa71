import { defineRoute } from '../engine/router';
import { organizationWire } from '../wire/shapes';

export const listOrganizations = defineRoute('listOrganizations', (ctx) => ({
  status: 200,
  body: { organization: [organizationWire(ctx.auth.organization)] },
}));
