import type { ScenarioContext } from '../context';

type Lookup = { status?: unknown; error_code?: unknown };

/**
 * A contact's enrichment lookups say why a value was not found, and only then (the spec's `error_code`): a lookup
 * not requested or found carries no error code, one not found carries the reason.
 */
export function expectLookups(t: ScenarioContext, contact: Record<string, unknown> | undefined, path: string): void {
  const enrichment = contact?.contact_enrichment as Record<string, Lookup | undefined> | undefined;
  for (const name of ['work_email', 'phone']) {
    const lookup = enrichment?.[name];
    if (!lookup) continue;
    const at = `${path}.contact_enrichment.${name}.error_code`;
    if (lookup.status === 'not_requested' || lookup.status === 'found') t.equal(at, lookup.error_code, null, `the lookup's status is ${String(lookup.status)}`);
    if (lookup.status === 'not_found') t.check(typeof lookup.error_code === 'string', { path: at, expected: 'why it was not found', actual: JSON.stringify(lookup.error_code) });
  }
}
