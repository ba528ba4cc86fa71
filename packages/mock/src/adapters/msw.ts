import { http, type HttpHandler } from 'msw';
import type { Engine } from '../engine/message';
import { fromFetchRequest, toFetchResponse } from './web';

/**
 * One catch-all handler over the base URL, built with msw's public `http.all` only, so that the same build runs
 * with msw 2 and msw 3; the engine does the routing.
 */
export function createMswHandlers(baseUrl: string, answer: Engine): HttpHandler[] {
  return [
    http.all(`${baseUrl}/*`, async ({ request }) => toFetchResponse(await answer(await fromFetchRequest(request)), request.method)),
  ];
}
