import { schemas } from '@network-org/spec/zod';
import { defineTools } from './tool';

export const companyTools = defineTools(
  {
    operationId: 'listCompanies',
    toolset: 'companies',
    description:
      'Companies of the accounts\' contacts, or of a view\'s contacts. Items show main fields and custom fields.',
    describe: { view_id: 'A view\'s id or public_id (list_views); account_id is then ignored.' },
    projection: {
      fields: { company_id: true, name: true, headline: true, headcount: true, employee_count: true, website_url: true, tags: true, account_id: true, contact_count: true },
      declared: new Set(Object.keys(schemas.Company.shape)),
      more: true,
    },
  },
  {
    operationId: 'updateCompany',
    toolset: 'companies',
    description:
      'Changes a company\'s tags, notes and custom field values, which belong to one account: pass the company\'s account_id.',
    describe: {
      company_id: 'The company_id (list_companies).',
      account_id: 'The company\'s account_id (list_companies); default its first account.',
    },
    label: 'updated company',
    write: { idempotent: true },
  },
);
