import type { Route } from '../engine/router';

/** Every operation the mock answers, one file per resource. */
export const routes: Route[] = [];
