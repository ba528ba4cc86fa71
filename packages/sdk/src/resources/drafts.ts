import type { Draft } from '@network-org/spec/openapi';
import type { APIPromise } from '../core/api-promise';
import type { OperationBody } from '../core/operations';
import type { RequestOptions } from '../core/request-options';
import { APIResource } from '../core/resource';

export type DraftCreateBody = OperationBody<'createDraft'>;

export class Drafts extends APIResource {
  /** Saves (or replaces) a draft for a contact or conversation; nothing is sent. */
  create(body: DraftCreateBody, options?: RequestOptions): APIPromise<Draft> {
    return this.call('createDraft', { body }, options, ({ data }) => data.draft);
  }
}
