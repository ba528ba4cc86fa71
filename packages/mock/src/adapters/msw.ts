import * as msw from 'msw';
import type { HttpHandler } from 'msw';
import type { Engine } from '../engine/message';
import { assertMswRuns } from './msw-support';
import { fromFetchRequest, toFetchResponse } from './web';

// At import, not at the first request: msw 3 on Node 20 would fail only then, with a buried cause.
assertMswRuns(msw);

/**
 * One catch-all handler over the base URL, built with msw's public `http.all` only, so that the same build runs
 * with msw 2 and msw 3; the engine does the routing.
 */
export function createMswHandlers(baseUrl: string, answer: Engine): HttpHandler[] {
  return [
    msw.http.all(`${baseUrl}/*`, async ({ request }) => toFetchResponse(await answer(await fromFetchRequest(request)), request.method)),
  ];
}
