import type { FastifyError } from 'fastify';

/**
 * "Invalid input: content_prompt: Required; limit: Too big" — names every failing field so the
 * client (and the person reading its logs) knows what to fix.
 */
export function describeValidationError(error: FastifyError): string {
  const issues = (error.validation ?? []).map((issue) => {
    const pointer = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const missing = (issue.params as { missingProperty?: string } | undefined)?.missingProperty;
    const field = pointer || missing || error.validationContext || 'body';
    return `${field}: ${issue.message ?? 'Invalid value'}`;
  });
  return `Invalid input: ${issues.join('; ') || 'request does not match the schema'}`;
}
