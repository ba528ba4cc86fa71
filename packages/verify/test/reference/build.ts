import type { MockApi } from '@network-org/mock';
import { NetworkClient, type OperationId } from '@network-org/sdk';
import { outlineOf } from '../../src/check/answer';
import type { FieldShape, MockShapes, Scalar } from '../../src/check/reference';
import { shapeKey } from '../../src/check/reference';
import { elementOutline, memberOutline, takesCustomFields } from '../../src/check/schema';
import type { Answer } from '../../src/call';

type Outline = NonNullable<ReturnType<typeof outlineOf>>;

/**
 * The mock's shapes from its successful answers: per object path with enough records, where each field the spec
 * names is sent (an open object's own keys aside: custom fields, counts by day).
 */
export function buildShapes(answers: readonly Answer[]): MockShapes {
  interface Seen {
    records: number;
    /** On how many records each field was present. */
    fields: Record<string, number>;
    open?: true;
    /** Per record: the scalar fields of the record that holds it, and the keys it has. */
    rows: Row[];
  }
  const shapes: Record<string, Seen> = {};
  const visit = (answer: Answer, value: unknown, outline: Outline | undefined, path: string, parent: Record<string, unknown> | undefined) => {
    if (Array.isArray(value)) {
      const element = outline && elementOutline(outline);
      return value.forEach((item) => visit(answer, item, element, `${path}[*]`, parent));
    }
    if (value === null || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    const key = shapeKey(answer.operation, answer.status, path);
    const open = outline !== undefined && takesCustomFields(outline);
    const shape = (shapes[key] ??= { records: 0, fields: {}, rows: [], ...(open && { open: true as const }) });
    shape.records++;
    const keys = new Set<string>();
    for (const [name, inner] of Object.entries(record)) {
      const member = outline && memberOutline(outline, name);
      if (open && !member) continue;
      keys.add(name);
      shape.fields[name] = (shape.fields[name] ?? 0) + 1;
      visit(answer, inner, member, `${path}.${name}`, record);
    }
    shape.rows.push({ parent: scalars(parent), keys });
  };
  for (const answer of answers) {
    if (answer.status >= 200 && answer.status < 300) visit(answer, answer.body, outlineOf(answer), '$', undefined);
  }
  const classified = Object.keys(shapes)
    .sort()
    .filter((key) => shapes[key]!.records >= ENOUGH_RECORDS)
    .map((key) => {
      const { records, fields, open, rows } = shapes[key]!;
      const shape = (name: string): FieldShape => ((fields[name] ?? 0) < records ? (presentWhen(rows, name) ?? 'sometimes') : 'always');
      return [key, { fields: Object.fromEntries(Object.keys(fields).sort().map((name) => [name, shape(name)])), ...(open && { open }) }];
    });
  return { version: 1, shapes: Object.fromEntries(classified) };
}

const scalars = (record: Record<string, unknown> | undefined): Record<string, Scalar> =>
  Object.fromEntries(Object.entries(record ?? {}).filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value))) as Record<string, Scalar>;

/** The scalar fields of the record that holds a record, and the keys the record has. */
type Row = { parent: Record<string, Scalar>; keys: Set<string> };

/** A field that sorts records into kinds has this many values at most (an id or a name has one per record). */
const KINDS = 12;

/**
 * The rule a field some records carry follows, if the enclosing records show one: a field of theirs that sorts them
 * into a few kinds, whose values on the records that carry it are never its values on those that do not (an
 * activity event's `source` is `canonical_messages`).
 */
function presentWhen(rows: Row[], name: string): { when: string; in: Scalar[] } | undefined {
  const fields = [...new Set(rows.flatMap((row) => Object.keys(row.parent)))].sort();
  for (const when of fields) {
    if (!rows.every((row) => when in row.parent) || new Set(rows.map((row) => row.parent[when])).size > KINDS) continue;
    const carrying = new Set(rows.filter((row) => row.keys.has(name)).map((row) => row.parent[when]!));
    const lacking = new Set(rows.filter((row) => !row.keys.has(name)).map((row) => row.parent[when]!));
    if (carrying.size > 0 && [...carrying].every((value) => !lacking.has(value))) return { when, in: [...carrying].sort() };
  }
  return undefined;
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
