import type { Organization } from '@network-org/spec/openapi';
import type { APIPromise } from '../core/api-promise';
import { itemsOf } from '../core/operation';
import type { RequestOptions } from '../core/request-options';
import { APIResource } from '../core/resource';

export class Organizations extends APIResource {
  /** The organization of the API key's user (`GET /v1/organization`, the only response without `data`). */
  list(options?: RequestOptions): APIPromise<Organization[]> {
    return this.call('listOrganizations', {}, options, (body) => itemsOf('listOrganizations', body));
  }
}
