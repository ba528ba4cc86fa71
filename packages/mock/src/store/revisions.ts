import { type Part, PARTS } from './containers';

/** Per container, the revision that last wrote it. */
export type PartRevisions = Record<Part, number>;

let revisions = 0;
/**
 * Counted across storages: a revision names one state of the data, so two storages share one only while they hold
 * the same data (forks of a seeded dataset before their first write, a snapshot and the storages it was restored into).
 */
export const nextRevision = (): number => ++revisions;

/** Every container at `revision`. */
export function partRevisions(revision: number): PartRevisions {
  const parts = {} as PartRevisions;
  for (const part of PARTS) parts[part] = revision;
  return parts;
}
