import type { OperationId, PagedOperationId } from '@network-org/sdk';
import { outlines, type Outline } from '@network-org/spec/outlines';
import { observedShape, specShape } from './check/schema';
import type { Answer } from './call';
import { LISTS } from './lists';
import type { ShapeObservation } from './report/types';

type Json = Record<string, unknown>;
const list = (value: unknown): Json[] => (Array.isArray(value) ? (value.filter((v) => v !== null && typeof v === 'object') as Json[]) : []);
const one = (value: unknown): Json[] => (value !== null && typeof value === 'object' && !Array.isArray(value) ? [value as Json] : []);
const data = (body: unknown) => ((body as { data?: Json } | undefined)?.data ?? {}) as Json;

/** A paged list's items: their path and how to pick them, where the spec's route table puts them. */
const listed = (operation: PagedOperationId) => ({
  operation,
  path: `$.data.${LISTS[operation].items}[*]`,
  pick: (body: unknown) => list(data(body)[LISTS[operation].items]),
});

/** A record whose shape the API's documentation does not show, and where answers carry it. */
interface UndocumentedRecord {
  record: string;
  operation: OperationId;
  path: string;
  outline: Outline;
  pick: (body: unknown) => Json[];
  /** Keys whose values are states or kinds the description does not list. */
  values: string[];
}

// The API's documentation shows no example of these records: the spec defines their shape as this project's.
const UNDOCUMENTED_RECORDS: UndocumentedRecord[] = [
  { record: 'Conversation', ...listed('listConversations'), outline: outlines.Conversation, values: [] },
  {
    record: 'Conversation participant',
    operation: 'listConversations',
    path: `${listed('listConversations').path}.participants[*]`,
    outline: outlines.ConversationParticipant,
    pick: (b) => listed('listConversations').pick(b).flatMap((c) => list(c.participants)),
    values: [],
  },
  { record: 'Draft', operation: 'createDraft', path: '$.data.draft', outline: outlines.Draft, pick: (b) => one(data(b).draft), values: ['kind', 'status'] },
  { record: 'Company list item', ...listed('listCompanies'), outline: outlines.Company, values: [] },
  { record: 'Activity summary', operation: 'getActivitySummary', path: '$.data', outline: outlines.ActivitySummary, pick: (b) => one(data(b)), values: [] },
  { record: 'Import warning', operation: 'importContact', path: '$.data.warnings[*]', outline: outlines.ImportWarning, pick: (b) => list(data(b).warnings), values: ['code'] },
  {
    record: 'Sequence',
    operation: 'findContactEmail',
    path: '$.data.contact.sequence',
    outline: outlines.Sequence,
    pick: (b) => one((data(b).contact as Json | undefined)?.sequence),
    values: ['status'],
  },
  {
    record: 'Sequence step',
    operation: 'findContactEmail',
    path: '$.data.contact.sequence.steps[*]',
    outline: outlines.SequenceStep,
    pick: (b) => list(((data(b).contact as Json | undefined)?.sequence as Json | undefined)?.steps),
    values: ['state', 'step_type'],
  },
  {
    record: 'Enrichment status',
    operation: 'findContactEmail',
    path: '$.data.contact.contact_enrichment.*',
    outline: outlines.EnrichmentResult,
    pick: (b) => {
      const enrichment = (data(b).contact as Json | undefined)?.contact_enrichment as Json | undefined;
      return [...one(enrichment?.work_email), ...one(enrichment?.phone)];
    },
    values: ['status', 'error_code'],
  },
  { record: 'Message', ...listed('listConversationMessages'), outline: outlines.Message, values: ['direction'] },
];

/** For each undocumented record, the spec's shape and, when the run saw one, the observed shape and values. */
export function observeShapes(answers: readonly Answer[]): ShapeObservation[] {
  return UNDOCUMENTED_RECORDS.map((undocumented) => {
    const records = answers
      .filter((answer) => answer.operation === undocumented.operation && answer.status >= 200 && answer.status < 300)
      .flatMap((answer) => undocumented.pick(answer.body));
    const observation: ShapeObservation = { record: undocumented.record, operation: undocumented.operation, path: undocumented.path, spec: specShape(undocumented.outline) };
    if (records.length === 0) return observation;
    observation.observed = observedShape(records);
    const values: Record<string, string[]> = {};
    for (const key of undocumented.values) {
      const seen = [...new Set(records.map((record) => record[key]).filter((v) => v !== undefined).map((v) => (v === null ? 'null' : String(v))))].sort();
      if (seen.length > 0) values[key] = seen;
    }
    if (Object.keys(values).length > 0) observation.values = values;
    return observation;
  });
}
