import { defineTools } from './tool';

export const organizationTools = defineTools({
  operationId: 'listOrganizations',
  toolset: 'context',
  description: 'The organization the API key belongs to.',
});
