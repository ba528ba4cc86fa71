import { ResponseValidationError } from './errors';
import type { OperationId } from './request';

/**
 * Checks a successful response body against the spec's schema for its operation and status. The schemas
 * are loaded on first use; the build points this import at the package's own `/zod` entry, so zod stays
 * out of the main bundle.
 */
export async function validateResponse(operationId: OperationId, status: number, data: unknown): Promise<void> {
  const { operations } = await import('../zod');
  const responses: Partial<Record<string, { safeParse: (value: unknown) => SafeParseResult }>> =
    operations[operationId].responses;
  const schema = responses[String(status)];
  if (!schema) {
    throw new ResponseValidationError(operationId, status, [
      { path: [], message: `status ${status} is not a documented response of ${operationId}` },
    ]);
  }
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new ResponseValidationError(
      operationId,
      status,
      result.error.issues.map((issue) => ({ path: issue.path, message: issue.message })),
    );
  }
}

type SafeParseResult =
  | { success: true }
  | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
