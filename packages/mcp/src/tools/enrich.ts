import { defineTools } from './tool';

export const enrichTools = defineTools({
  operationId: 'enrich',
  toolset: 'enrichment',
  description:
    'Profile and company data for a profile URL or a contact. Each result uses a credit: enrich only what the user asked about.',
  describe: {
    account_id: 'An account_id (list_accounts).',
    contact_id: 'A contact to enrich: its contact_id (list_contacts). Give this or network_url.',
    network_url: 'A person\'s or company\'s profile URL. Give this or contact_id.',
  },
  label: 'enrichment',
  write: { idempotent: false, uncertain: 'It may have used a credit: call it again only if the user still needs the result.' },
});
