import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { NetworkClient } from '@network-org/sdk';
import { schemas } from '@network-org/spec/zod';
import { redact } from '../redact';
import type { TagsSource } from './tags';

export interface CustomField {
  name: string;
  type: string;
}

/** The registered custom fields of the key's organization, by record kind. */
export type CustomFieldsSource = () => Promise<{ contact: CustomField[]; company: CustomField[]; source: string }>;

/**
 * The service has no endpoint listing custom fields: live, they are the keys beyond the spec's fields on the
 * records of a page of contacts and of companies, typed by their values.
 */
export function customFieldsFromRecords(client: NetworkClient): CustomFieldsSource {
  const fieldsOf = (records: readonly Record<string, unknown>[], declared: ReadonlySet<string>): CustomField[] => {
    const found = new Map<string, string>();
    for (const record of records) {
      for (const [name, value] of Object.entries(record)) if (!declared.has(name) && value !== null) found.set(name, typeof value);
    }
    return [...found].map(([name, type]) => ({ name, type }));
  };
  return async () => {
    const [contacts, companies] = await Promise.all([client.contacts.list({ limit: 25 }), client.companies.list({ limit: 25 })]);
    return {
      contact: fieldsOf(contacts.items, new Set(Object.keys(schemas.Contact.shape))),
      company: fieldsOf(companies.items, new Set(Object.keys(schemas.Company.shape))),
      source: 'Seen on the first page of contacts and of companies: a registered field no record of those pages has a value for is missing.',
    };
  };
}

interface ResourceOptions {
  client: NetworkClient;
  apiKey: string | undefined;
  customFields: CustomFieldsSource | undefined;
  tags: TagsSource;
}

/**
 * The organization, the accounts, the tags in use and the registered custom fields, which agents otherwise ask for
 * again and again (and a tag filter with a name no record carries finds nothing, silently).
 */
export function registerResources(server: McpServer, options: ResourceOptions): void {
  const { client, apiKey } = options;
  const customFields = options.customFields ?? customFieldsFromRecords(client);
  const json = (uri: URL, value: unknown) => ({
    contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(redact(value, apiKey), null, 2) }],
  });
  server.registerResource(
    'organization',
    'network://organization',
    { title: 'Organization', description: 'The organization the API key belongs to (list_organizations).', mimeType: 'application/json' },
    async (uri) => json(uri, { organization: await client.organizations.list() }),
  );
  server.registerResource(
    'accounts',
    'network://accounts',
    { title: 'Connected accounts', description: 'The accounts the key may use: their account_id is the argument of most tools (list_accounts).', mimeType: 'application/json' },
    async (uri) => json(uri, { accounts: await client.accounts.list() }),
  );
  server.registerResource(
    'custom-fields',
    'network://custom-fields',
    {
      title: 'Registered custom fields',
      description: 'The custom fields of contacts and companies, with their types: update_contact and update_company take them as arguments by name.',
      mimeType: 'application/json',
    },
    async (uri) => json(uri, await customFields()),
  );
  server.registerResource(
    'tags',
    'network://tags',
    {
      title: 'Tags in use',
      description: 'The tags of contacts and companies per account, with how many records carry each: the names list_contacts and list_conversations filter by (tag).',
      mimeType: 'application/json',
    },
    async (uri) => json(uri, await options.tags()),
  );
}
