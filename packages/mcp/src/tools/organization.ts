import { defineTools } from './tool';

export const organizationTools = defineTools({
  operationId: 'listOrganizations',
  guidance: 'Call it to learn the organization the key belongs to; it takes no arguments.',
  list: { key: 'organization', projection: { fields: { id: true, name: true, created_at: true } } },
  call: async (client, _args, options) => ({ items: await client.organizations.list(options) }),
});
