import type { AccountSummary } from '@network-org/spec/openapi';
import type { APIPromise } from '../core/api-promise';
import { itemsOf } from '../core/operation';
import type { RequestOptions } from '../core/request-options';
import { APIResource } from '../core/resource';

export class Accounts extends APIResource {
  /** The connected accounts the credential may use. */
  list(options?: RequestOptions): APIPromise<AccountSummary[]> {
    return this.call('listAccounts', {}, options, (body) => itemsOf('listAccounts', body));
  }
}
