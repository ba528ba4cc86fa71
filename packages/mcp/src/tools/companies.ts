import type { CompanyListQuery, CompanyUpdateBody } from '@network-org/sdk';
import { schemas } from '@network-org/spec/zod';
import { defineTools } from './tool';

export const companyTools = defineTools(
  {
    operationId: 'listCompanies',
    guidance: 'Items show a default set of fields and the custom field values; pass `fields` to add others or ["*"] for whole records.',
    list: {
      key: 'companies',
      projection: {
        fields: { company_id: true, name: true, headline: true, headcount: true, employee_count: true, website_url: true, tags: true, account_id: true, contact_count: true },
        declared: new Set(Object.keys(schemas.Company.shape)),
      },
    },
    call: async (client, args, options) => client.companies.list(args.query as CompanyListQuery, options),
  },
  {
    operationId: 'updateCompany',
    guidance: 'Custom fields go as top-level arguments by registered name (see the network://custom-fields resource).',
    write: { idempotent: true },
    record: { key: 'company', label: 'updated company' },
    call: async (client, args, options) =>
      client.companies.update(args.path.company_id as string, args.body as CompanyUpdateBody, options),
  },
);
