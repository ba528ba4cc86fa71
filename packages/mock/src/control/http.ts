import { z } from 'zod';
import { badRequest, MockApiError, notFound, unauthorized } from '../engine/errors';
import { faultRuleSchema } from '../engine/faults';
import { MAX_BODY_BYTES, readJsonObjectBody } from '../engine/request-body';
import { errorResponse, jsonResponse } from '../engine/respond';
import type { MockRuntime } from '../engine/runtime';
import { parseInput } from '../engine/validation';
import { requestBodyBytes } from '../engine/client';
import { seedByKind } from './seed';
import { loadState, networkProfiles, registeredCustomFields, restoreSnapshot, savedDrafts, stateText, takeSnapshot } from './operations';

export const CONTROL_PREFIX = '/__mock';

const resetBodySchema = z.object({
  seed: z.number().int().optional(),
  // Whatever `createMockApi({now})` and `--now` take: any date-time (or date) string Date can read.
  now: z
    .string()
    .refine((value) => !Number.isNaN(new Date(value).getTime()), { message: 'must be an ISO date-time such as 2026-01-15T12:00:00Z' })
    .optional(),
});

const networkProfilesQuerySchema = z.object({
  imported: z.enum(['true', 'false']).optional(),
  kind: z.enum(['member', 'company']).optional(),
  limit: z.coerce.number().int().min(1).optional(),
});

const draftsQuerySchema = z.object({ account_id: z.string().optional() });

function checkAccess(runtime: MockRuntime, request: Request): void {
  const { token, exposed } = runtime.control;
  if (token !== undefined) {
    if (request.headers.get('authorization') !== `Bearer ${token}`) {
      throw unauthorized('The control API needs `Authorization: Bearer <control token>`.');
    }
    return;
  }
  // Off a loopback address without a token, the control API does not exist.
  if (!exposed) throw notFound(`No operation matches ${request.method} ${new URL(request.url).pathname}.`);
}

function queryObject(url: URL): Record<string, string> {
  return Object.fromEntries(url.searchParams.entries());
}


const SNAPSHOT_RESTORE = /^POST \/snapshots\/([^/]+)\/restore$/;
const SEED = /^POST \/seed\/([^/]+)$/;

async function answer(runtime: MockRuntime, request: Request, url: URL): Promise<Response> {
  const route = `${request.method.toUpperCase()} ${url.pathname.slice(CONTROL_PREFIX.length)}`;
  const restore = SNAPSHOT_RESTORE.exec(route);
  if (restore) return jsonResponse(200, restoreSnapshot(runtime.store, decodeURIComponent(restore[1] as string)));
  const seed = SEED.exec(route);
  if (seed) return jsonResponse(201, seedByKind(runtime.store, decodeURIComponent(seed[1] as string), await readJsonObjectBody(request, true)));
  switch (route) {
    case 'GET /state':
      return new Response(stateText(runtime.store), { status: 200, headers: { 'content-type': 'application/json' } });
    case 'PUT /state': {
      const bytes = await requestBodyBytes(request);
      if (bytes.byteLength > MAX_BODY_BYTES) {
        throw badRequest('The state is larger than the 1 MiB body limit: load it with --state-file or createMockApi({ state }) instead.');
      }
      loadState(runtime.store, new TextDecoder().decode(bytes));
      return jsonResponse(200, { ok: true, seed: runtime.store.seed, now: runtime.store.now.toISOString() });
    }
    case 'POST /snapshots':
      return jsonResponse(201, takeSnapshot(runtime.store));
    case 'GET /health':
      return jsonResponse(200, { ok: true });
    case 'POST /reset': {
      const body = parseInput(resetBodySchema, (await readJsonObjectBody(request, false)) ?? {}, 'body');
      runtime.reset(body);
      return jsonResponse(200, { ok: true, seed: runtime.store.seed, now: runtime.store.now.toISOString() });
    }
    case 'GET /network-profiles': {
      const query = parseInput(networkProfilesQuerySchema, queryObject(url), 'query');
      return jsonResponse(
        200,
        networkProfiles(runtime.store, {
          imported: query.imported === undefined ? undefined : query.imported === 'true',
          kind: query.kind,
          limit: query.limit,
        }),
      );
    }
    case 'GET /drafts':
      return jsonResponse(200, savedDrafts(runtime.store, parseInput(draftsQuerySchema, queryObject(url), 'query')));
    case 'GET /custom-fields':
      return jsonResponse(200, registeredCustomFields(runtime.store));
    case 'GET /faults':
      return jsonResponse(200, { faults: runtime.faults.list() });
    case 'POST /faults': {
      const rule = parseInput(faultRuleSchema, await readJsonObjectBody(request, true), 'body');
      runtime.faults.add(rule);
      return jsonResponse(201, { faults: runtime.faults.list() });
    }
    case 'DELETE /faults':
      runtime.faults.clear();
      return jsonResponse(200, { faults: [] });
    case 'GET /requests':
      return jsonResponse(200, { requests: runtime.journal.list() });
    case 'DELETE /requests':
      runtime.journal.clear();
      return jsonResponse(200, { requests: [] });
    default:
      throw notFound(`No control operation ${route.replace(' ', ` ${CONTROL_PREFIX}`)}.`);
  }
}

/** Answers `/__mock/...`: no API key, loopback-only unless a control token is configured (contract §3.1). */
export async function handleControlRequest(runtime: MockRuntime, request: Request, url: URL): Promise<Response> {
  try {
    checkAccess(runtime, request);
    return await answer(runtime, request, url);
  } catch (error) {
    if (error instanceof MockApiError) return errorResponse(error);
    return jsonResponse(500, {
      code: 'internal_error',
      message: 'The mock failed while answering this control request.',
      debug: error instanceof Error ? error.message : String(error),
    });
  }
}
