import type { APIPromise } from './api-promise';
import { type AnyOperationArgs, callOperation, listOperation, type PageClass } from './operation';
import type { OperationArgs, OperationData, OperationId, OperationItem, PagedOperationId } from './operations';
import type { Page, PagePromise } from './pagination';
import type { RequestContext, Unwrap } from './request';
import type { RequestOptions } from './request-options';

/**
 * Base of every resource: its methods are one-line wrappers over the operation path that `client.request` takes,
 * naming the operation and where its result is. The client's request context stays out of sight of enumeration.
 */
export abstract class APIResource {
  readonly #context: RequestContext;

  constructor(context: RequestContext) {
    this.#context = context;
  }

  /** One call of `operationId`, its result taken out of the answer's body by `unwrap`. */
  protected call<Op extends OperationId, R>(
    operationId: Op,
    args: OperationArgs<Op>,
    options: RequestOptions | undefined,
    unwrap: Unwrap<OperationData<Op>, R>,
  ): APIPromise<R> {
    return callOperation(this.#context, operationId, args as AnyOperationArgs, options, unwrap);
  }

  /** The pages of the list `operationId`. */
  protected paginated<Op extends PagedOperationId, P extends Page<OperationItem<Op>> = Page<OperationItem<Op>>>(
    operationId: Op,
    args: OperationArgs<Op>,
    options: RequestOptions | undefined,
    PageOf?: PageClass<OperationItem<Op>, P>,
  ): PagePromise<OperationItem<Op>, P> {
    return listOperation(this.#context, operationId, args as AnyOperationArgs, options, PageOf);
  }
}
