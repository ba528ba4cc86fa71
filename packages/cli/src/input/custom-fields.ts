import { isLoopbackHost } from '@network-org/cli-kit';
import type { Target } from '../target/connect';
import type { FieldType, FieldTypes } from './edits';

interface Registered {
  organizations: { organization_id: number | string; contact: { name: string; type: FieldType }[]; company: { name: string; type: FieldType }[] }[];
}

/** The registry of a `network-mock serve` on this machine (its control API); undefined for anything else. */
async function servedRegistry(baseUrl: string): Promise<Registered | undefined> {
  const url = new URL(baseUrl);
  if (!isLoopbackHost(url.hostname)) return undefined;
  try {
    // A bound on a loopback server that is not a mock and never answers; a busy mock may take seconds, and a registry
    // missed for lack of time would type the custom fields from their text and skip the key's check before the rows.
    const response = await fetch(new URL('/__mock/custom-fields', url.origin), { signal: AbortSignal.timeout(15_000) });
    return response.ok ? ((await response.json()) as Registered) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The custom fields registered for the key's organization, by name, for `contact` or `company` records: read from
 * the mock (in process, or `network-mock serve` on this machine through its control API). The service has no
 * endpoint for them: against it, undefined, and values are typed from their text.
 */
export async function registeredFieldTypes(target: Target, kind: 'contact' | 'company'): Promise<FieldTypes> {
  const registry = target.mock ? target.mock.customFields() : await servedRegistry(target.baseUrl);
  if (!registry) return undefined;
  const answer = (await target.client.request('listOrganizations')) as { organization: { id: number }[] };
  const id = String(answer.organization[0]?.id);
  const organization = registry.organizations.find((candidate) => String(candidate.organization_id) === id);
  return new Map((organization?.[kind] ?? []).map(({ name, type }) => [name, type]));
}

/** `contact` for an operation on `{contact_id}`, `company` for one on `{company_id}`. */
export const recordKindOf = (path: string): 'contact' | 'company' => (path.includes('{company_id}') ? 'company' : 'contact');
