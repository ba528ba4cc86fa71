import type { EnrichBody } from '@network-org/sdk';
import { defineTools } from './tool';

export const enrichTools = defineTools({
  operationId: 'enrich',
  guidance:
    'Each successful call uses one credit: enrich only the profiles the user asked about. It changes no record, but it spends credits, so --read-only leaves it out. Prefer list_contacts for contacts the organization already has.',
  write: { idempotent: false },
  record: { key: 'network_enrichment', label: 'enrichment' },
  call: async (client, args, options) => client.enrich(args.body as EnrichBody, options),
});
