import { operationTable, type OperationEntry } from './operation-table';

// A route is suggested when the path is at most this far from it: about one misspelt or missing segment.
const MAX_DISTANCE = 0.5;
// Adding or leaving out a whole segment (`/contacts` for `/v1/contacts`); an empty one (a trailing slash) costs less.
const SEGMENT_COST = 0.5;
const EMPTY_SEGMENT_COST = 0.1;
const PARAMETER_COST = 0.1;
// Long paths are nobody's typo: they are not compared, so a 404 stays cheap whatever the path.
const MAX_SEGMENTS = 12;
const MAX_SEGMENT_LENGTH = 64;
const MAX_SUGGESTIONS = 3;

/** Edit distance between two short strings (letters differing only in case cost half). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const x = a[i - 1] as string;
      const y = b[j - 1] as string;
      const change = x === y ? 0 : x.toLowerCase() === y.toLowerCase() ? 0.5 : 1;
      current[j] = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + change);
    }
    previous = current;
  }
  return previous[b.length] as number;
}

/** Near 0 for a segment the template's segment takes (a parameter takes any value), up to 1 for an unrelated one. */
function segmentDistance(sent: string, template: string): number {
  // Not 0, so that a parameter does not make up for a literal segment the path lacks (`/v1/anything`).
  if (template.startsWith('{')) return sent === '' ? 1 : PARAMETER_COST;
  if (sent === template) return 0;
  return Math.min(1, editDistance(sent, template) / Math.max(sent.length, template.length));
}

const insertionCost = (segment: string) => (segment === '' ? EMPTY_SEGMENT_COST : SEGMENT_COST);

/** How far a sent path is from a route's template, segment by segment. */
function pathDistance(sent: readonly string[], template: readonly string[]): number {
  let previous = [0];
  for (let j = 1; j <= template.length; j++) previous[j] = (previous[j - 1] as number) + SEGMENT_COST;
  for (let i = 1; i <= sent.length; i++) {
    const segment = sent[i - 1] as string;
    const current = [(previous[0] as number) + insertionCost(segment)];
    for (let j = 1; j <= template.length; j++) {
      current[j] = Math.min(
        (previous[j] as number) + insertionCost(segment),
        (current[j - 1] as number) + SEGMENT_COST,
        (previous[j - 1] as number) + segmentDistance(segment, template[j - 1] as string),
      );
    }
    previous = current;
  }
  return previous[template.length] as number;
}

const templates = new Map<OperationEntry, string[]>(operationTable.map((entry) => [entry, entry.template.split('/').slice(1)]));

/**
 * The routes closest to a path no operation matches, as `METHOD /template`: the nearest templates, those of the
 * request's method first. Empty when nothing is near.
 */
export function closestRoutes(method: string, pathname: string): string[] {
  const sent = pathname.split('/').slice(1);
  if (sent.length > MAX_SEGMENTS || sent.some((segment) => segment.length > MAX_SEGMENT_LENGTH)) return [];
  const scored = operationTable
    .map((entry) => ({ entry, distance: pathDistance(sent, templates.get(entry) as string[]) }))
    .filter(({ distance }) => distance <= MAX_DISTANCE);
  if (scored.length === 0) return [];
  const best = Math.min(...scored.map(({ distance }) => distance));
  const nearest = scored.filter(({ distance }) => distance - best < 0.001);
  // The request's own method first: other methods of the same templates are named only when it has none there.
  const sameMethod = nearest.filter(({ entry }) => entry.method === method);
  return (sameMethod.length > 0 ? sameMethod : nearest).slice(0, MAX_SUGGESTIONS).map(({ entry }) => `${entry.method} ${entry.template}`);
}

/** The 404 message of a path no operation matches, naming the closest routes when some are near. */
export function unknownPathMessage(method: string, pathname: string): string {
  const head = `No operation matches ${method} ${pathname}.`;
  const closest = closestRoutes(method.toUpperCase(), pathname);
  if (closest.length === 0) {
    return pathname.startsWith('/v1/') ? `${head} No path of the API is close to it.` : `${head} The API's paths start with /v1.`;
  }
  const last = closest.pop() as string;
  return `${head} Did you mean ${closest.length > 0 ? `${closest.join(', ')} or ${last}` : last}?`;
}

/** The 404 message of a known path sent with a method it does not route, naming the methods it has. */
export function wrongMethodMessage(method: string, pathname: string, allowed: readonly string[]): string {
  const methods = [...new Set(allowed)];
  const head = `No operation matches ${method} ${pathname}: that path accepts ${methods.join(', ')}.`;
  // Methods are case-sensitive (RFC 9110): `get` is not `GET`.
  return methods.includes(method.toUpperCase()) ? `${head} Methods are case-sensitive: send ${method.toUpperCase()}.` : head;
}
