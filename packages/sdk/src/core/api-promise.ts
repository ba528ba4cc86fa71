/** A result together with the HTTP response it came from. */
export interface WithResponse<T> {
  data: T;
  response: Response;
}

/**
 * The promise of a call's result that can also give the raw `Response`: `await call` gives the data,
 * `await call.withResponse()` gives `{data, response}`. The request starts when the call is made.
 */
export class APIPromise<T> extends Promise<T> {
  // Derived promises (then/catch/finally) are plain promises, not APIPromises.
  static override get [Symbol.species](): PromiseConstructor {
    return Promise;
  }

  readonly #result: Promise<WithResponse<T>>;
  #data: Promise<T> | undefined;

  constructor(result: Promise<WithResponse<T>>) {
    // The executor's value is never read: then/catch/finally delegate to `result`.
    super((resolve) => resolve(undefined as T));
    this.#result = result;
  }

  withResponse(): Promise<WithResponse<T>> {
    return this.#result;
  }

  #value(): Promise<T> {
    this.#data ??= this.#result.then((result) => result.data);
    return this.#data;
  }

  override then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#value().then(onfulfilled, onrejected);
  }

  override catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.#value().catch(onrejected);
  }

  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.#value().finally(onfinally);
  }
}
