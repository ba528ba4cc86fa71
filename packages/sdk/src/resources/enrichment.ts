import type { OperationBody } from '../core/operations';

/** The body of `client.enrich` (the client's own method: enrichment is no resource of its own). */
export type EnrichBody = OperationBody<'enrich'>;
