import * as msw from 'msw';
import type { HttpHandler } from 'msw';
import type { Engine } from '../engine/message';
import { assertMswHttp, assertMswRuns } from './msw-support';
import { fromFetchRequest, toFetchResponse } from './web';

/**
 * Throws when the installed msw cannot run here. The Node entries (`.`, `./node`, `./vitest`) call it at import, so
 * msw 3 on Node 20 is refused at once rather than at the first request with a buried cause; it is their one side
 * effect, named in package.json's `sideEffects`. The browser entry has none: there only msw's age matters, checked
 * when the handlers are made.
 */
export function checkMsw(): void {
  assertMswRuns(msw);
}

/**
 * One catch-all handler over the base URL, built with msw's public `http.all` only, so that the same build runs
 * with msw 2 and msw 3; the engine does the routing.
 */
export function createMswHandlers(baseUrl: string, answer: Engine): HttpHandler[] {
  assertMswHttp(msw.http);
  return [
    msw.http.all(`${baseUrl}/*`, async ({ request }) => toFetchResponse(await answer(await fromFetchRequest(request)), request.method)),
  ];
}
