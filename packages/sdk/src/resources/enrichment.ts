import type { NetworkEnrichment } from '@network-org/spec/openapi';
import type { APIPromise } from '../core/api-promise';
import type { OperationBody } from '../core/operations';
import type { RequestOptions } from '../core/request';
import { APIResource } from '../core/resource';

export type EnrichBody = OperationBody<'enrich'>;

export class Enrichment extends APIResource {
  /** Profile and company enrichment of a profile URL or an existing contact. */
  enrich(body: EnrichBody, options?: RequestOptions): APIPromise<NetworkEnrichment> {
    return this.call(
      'enrich',
      { method: 'POST', path: '/v1/enrich', body },
      options,
      (data) => data.data.network_enrichment,
    );
  }
}
