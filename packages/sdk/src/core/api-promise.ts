/** A result together with the HTTP response it came from. */
export interface WithResponse<T> {
  data: T;
  response: Response;
}

const ignore = () => undefined;

/**
 * The promise of a call's result, a real promise of that value (`await`, `expect(...).resolves/.rejects`,
 * `util.inspect` all see it), that can also give the raw `Response`: `await call.withResponse()` gives
 * `{data, response}`. The request starts when the call is made.
 */
export class APIPromise<T> extends Promise<T> {
  // Derived promises (then/catch/finally) are plain promises, not APIPromises.
  static override get [Symbol.species](): PromiseConstructor {
    return Promise;
  }

  readonly #result: Promise<WithResponse<T>>;

  constructor(result: Promise<WithResponse<T>>) {
    super((resolve, reject) => {
      result.then(({ data }) => resolve(data), reject);
    });
    this.#result = result;
    // A caller who reads only withResponse() or iterates a list gets the failure there; this promise's copy of
    // it must not also surface as an unhandled rejection.
    Promise.prototype.then.call(this, undefined, ignore);
  }

  withResponse(): Promise<WithResponse<T>> {
    return this.#result;
  }
}
