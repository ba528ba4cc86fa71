import { NetworkError, ResponseValidationError, type ValidationIssue } from './errors';
import type { OperationId } from './operations';

export type { ValidationIssue };

/**
 * Checks a successful response body against the spec and gives its problems (none when it matches).
 * `@network-org/sdk/zod` exports the one built from the spec's zod schemas as `validateResponses`; the main
 * entry only calls it, so zod reaches a bundle only when the app imports it.
 */
export type ResponseValidator = (operationId: OperationId, status: number, body: unknown) => ValidationIssue[];

/** The `validateResponses` option as given: the validator, or nothing; anything else is a clear error. */
export function responseValidator(option: unknown): ResponseValidator | undefined {
  if (option === undefined || option === false) return undefined;
  if (typeof option === 'function') return option as ResponseValidator;
  throw new NetworkError(
    "validateResponses: import { validateResponses } from '@network-org/sdk/zod'",
  );
}

/** Throws `ResponseValidationError` when `validate` finds a problem with the body; `redact` keeps the key out of it. */
export function checkResponse(
  validate: ResponseValidator,
  operationId: OperationId,
  status: number,
  body: unknown,
  redact: (text: string) => string,
): void {
  const issues = validate(operationId, status, body);
  if (issues.length === 0) return;
  const clean = issues.map(({ path, message }) => ({
    path: path.map((part) => (typeof part === 'string' ? redact(part) : part)),
    message: redact(message),
  }));
  throw new ResponseValidationError(operationId, status, clean);
}
