import type { MockApi } from '@network-org/mock';
import { NetworkClient, type OperationId } from '@network-org/sdk';
import { schemaOf } from '../../src/check/answer';
import type { FieldShape, MockShapes } from '../../src/check/reference';
import { shapeKey } from '../../src/check/reference';
import { elementSchema, memberSchema, takesCustomFields } from '../../src/check/schema';
import type { Answer } from '../../src/context';

type Schema = NonNullable<ReturnType<typeof schemaOf>>;

/**
 * The mock's shapes from its successful answers: per object path, how many records and, per field the spec names
 * (an open object's own keys aside: custom fields, counts by day), on how many it was present and how many null.
 */
export function buildShapes(answers: readonly Answer[]): MockShapes {
  const shapes: Record<string, { records: number; fields: Record<string, number[]>; open?: true }> = {};
  const visit = (answer: Answer, value: unknown, schema: Schema | undefined, path: string) => {
    if (Array.isArray(value)) {
      const element = schema && elementSchema(schema);
      return value.forEach((item) => visit(answer, item, element, `${path}[*]`));
    }
    if (value === null || typeof value !== 'object') return;
    const key = shapeKey(answer.operation, answer.status, path);
    const open = schema !== undefined && takesCustomFields(schema);
    const shape = (shapes[key] ??= { records: 0, fields: {}, ...(open && { open: true as const }) });
    shape.records++;
    for (const [name, inner] of Object.entries(value)) {
      const member = schema && memberSchema(schema, name);
      if (open && !member) continue;
      const [present = 0, nulls = 0] = shape.fields[name] ?? [];
      shape.fields[name] = [present + 1, nulls + (inner === null ? 1 : 0)];
      visit(answer, inner, member, `${path}.${name}`);
    }
  };
  for (const answer of answers) {
    if (answer.status >= 200 && answer.status < 300) visit(answer, answer.body, schemaOf(answer), '$');
  }
  const classified = Object.keys(shapes)
    .sort()
    .filter((key) => shapes[key]!.records >= ENOUGH_RECORDS)
    .map((key) => {
      const { records, fields, open } = shapes[key]!;
      const shape = (present = 0, nulls = 0): FieldShape => (present < records ? 'sometimes' : nulls === 0 ? 'value' : nulls === present ? 'null' : 'nullable');
      return [key, { fields: Object.fromEntries(Object.keys(fields).sort().map((name) => [name, shape(...(fields[name] ?? []))])), ...(open && { open }) }];
    });
  return { version: 1, shapes: Object.fromEntries(classified) };
}

/** The shapes as the file holds them: one line per record path, so that a change to the mock reads as a small diff. */
export function shapesText(shapes: MockShapes): string {
  const lines = Object.entries(shapes.shapes).map(([key, shape]) => `  ${JSON.stringify(key)}: ${JSON.stringify(shape)}`);
  return `{\n "version": ${shapes.version},\n "shapes": {\n${lines.join(',\n')}\n }\n}\n`;
}

/** What the mock sends at a path is known from this many of its records there; fewer say too little. */
const ENOUGH_RECORDS = 12;
/** How many of each single-record answer the reference samples: the suite reads some only once or twice. */
const SAMPLES = 12;
/** Contacts asked about one by one: enough that the records only some contacts have (a sequence) are many too. */
const CONTACTS = 60;

/**
 * More of the mock's answers than the suite gets: the operations that answer one record (find-email, an empty
 * PATCH, an import, enrich, a draft, a view) asked about many records, so that what the reference says the mock
 * always sends rests on many records, not on the one the suite happened to read.
 */
export async function sampleMore(mock: MockApi): Promise<Answer[]> {
  const client = new NetworkClient({ apiKey: mock.keys.admin, baseUrl: 'https://api.network.test', fetch: mock.fetch, maxRetries: 0 });
  const answers: Answer[] = [];
  const ask = async (operation: OperationId, args: { path?: Record<string, string>; query?: object; body?: unknown }) => {
    const { data, response } = await (client as unknown as { request(op: OperationId, a: object): { withResponse(): Promise<{ data: unknown; response: Response }> } }).request(operation, args).withResponse();
    answers.push({ operation, status: response.status, body: data } as Answer);
    return data as Record<string, any>;
  };
  const account_id = (await client.accounts.list())[0]!.account_id;
  const contacts = [];
  for await (const contact of client.contacts.list({ account_id: [account_id], limit: 25 })) if (contacts.push(contact) >= CONTACTS) break;
  const companies = (await client.companies.list({ account_id: [account_id], limit: 25 })).items.slice(0, SAMPLES);
  const conversations = (await client.conversations.list({ account_id: [account_id], limit: 25 })).items.slice(0, SAMPLES);
  const { profiles } = (await (await mock.fetch(`https://api.network.test/__mock/network-profiles?imported=false&kind=member&limit=${SAMPLES}`)).json()) as { profiles: { network_url: string }[] };
  for (const contact of contacts) {
    await ask('findContactEmail', { path: { contact_id: contact.contact_id }, body: { account_id } });
    await ask('updateContact', { path: { contact_id: contact.contact_id }, body: { account_id } });
    await ask('enrich', { body: { account_id, contact_id: contact.contact_id } });
    await ask('createDraft', { body: { account_id, contact_id: contact.contact_id, draft_message: 'sample' } });
  }
  for (const company of companies) await ask('updateCompany', { path: { company_id: company.company_id }, body: { account_id } });
  for (const conversation of conversations) await ask('createDraft', { body: { account_id, conversation_id: conversation.conversation_id, draft_message: 'sample' } });
  for (const { network_url } of profiles) {
    await ask('importContact', { body: { account_id, network_url } });
    await ask('importContact', { body: { account_id, network_url } });
  }
  for (let n = 0; n < SAMPLES; n++) {
    await ask('createView', { body: { account_id, type: 'contact', name: `sample ${n}`, description: 'sample', filters: { specific_contacts: { contact_ids: [contacts[n % contacts.length]!.contact_id] } } } });
    await ask('getActivitySummary', { query: { from: `2026-01-${String(n + 1).padStart(2, '0')}`, to: '2026-01-15' } });
    await ask('listOrganizations', {});
  }
  return answers;
}
