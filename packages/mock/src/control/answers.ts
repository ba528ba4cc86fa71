import { z } from 'zod';
import { faultRuleSchema } from '../engine/faults';

/*
 * What the control API's rows answer, as schemas for its OpenAPI description (table.ts, description.ts). They
 * describe the answers; the rows build them from the store.
 */

const instant = z.string().meta({ format: 'date-time' });

export const errorBody = z
  .object({
    code: z.string().meta({ description: 'What went wrong, e.g. `bad_request`, `unauthorized`, `not_found`.' }),
    message: z.string().meta({ description: 'What went wrong and what to do, in words.' }),
  })
  .meta({ description: 'Every error of the mock, in the API\'s error shape.' });

export const health = z.object({ ok: z.literal(true), version: z.string(), now: instant });

export const openapiDocument = z.object({ openapi: z.string(), info: z.object({}).loose(), paths: z.object({}).loose() }).loose();

export const sessions = z.object({
  sessions: z.array(z.object({ name: z.string(), created_at: instant, last_used_at: instant })),
  max_sessions: z.number().int(),
});

export const dropped = z.object({ ok: z.literal(true), dropped: z.string() });

export const reset = z.object({ ok: z.literal(true), seed: z.number().int(), now: instant });

export const state = z
  .object({
    format: z.literal('network-mock-state'),
    version: z.number().int(),
    dataset: z.object({ seed: z.number().int(), now: instant }).loose(),
    changes: z.object({}).loose(),
  })
  .loose()
  .meta({ description: 'A state as `GET /__mock/state` gives it: the dataset\'s options and what differs from that dataset.' });

export const snapshot = z.object({ snapshot_id: z.string() });
export const snapshots = z.object({ snapshots: z.array(snapshot) });

export const record = z.object({}).loose().meta({ description: 'A record as the API shows it.' });

export const networkProfiles = z.object({
  profiles: z.array(z.object({ network_url: z.string(), kind: z.enum(['member', 'company']), full_name: z.string() })),
});

export const drafts = z.object({ drafts: z.array(z.object({}).loose()) });

const fieldTypes = z.array(z.object({ name: z.string(), type: z.enum(['string', 'number', 'boolean']) }));
export const customFields = z.object({
  organizations: z.array(z.object({ organization_id: z.number().int(), organization_name: z.string(), contact: fieldTypes, company: fieldTypes })),
});

export const faults = z.object({ faults: z.array(faultRuleSchema) });

const summary = z.object({
  id: z.string(),
  session: z.string().nullable(),
  time: instant,
  duration_ms: z.number(),
  method: z.string(),
  path: z.string(),
  query: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  operation: z.string().optional(),
  status: z.number().int(),
});
export const requests = z.object({ requests: z.array(summary) });

const message = z.object({
  headers: z.record(z.string(), z.string()),
  body: z.object({ text: z.string(), bytes: z.number().int(), truncated: z.boolean() }).nullable(),
});
export const request = summary.extend({ request: message, response: message });
