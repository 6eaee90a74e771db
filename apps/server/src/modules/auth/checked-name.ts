import { signUpRequestSchema } from '@nocturne/contract/auth/sign-up';
import { APIError } from 'better-auth/api';

/** better-auth endpoints that take a display name in their body. */
const TAKES_NAME = new Set(['/sign-up/email', '/update-user']);

/**
 * The body with its name held to the contract's name rule (bidi marks removed, bidi controls
 * refused, trimmed, 1–100 characters), for the endpoints that take one; undefined where there is
 * no name to check. A refused name is 400 INVALID_NAME with the rule's message, before anything
 * is written.
 */
export function withCheckedName(
  path: string,
  body: Record<string, unknown>,
): Record<string, unknown> | undefined {
  if (!TAKES_NAME.has(path) || body.name === undefined) return undefined;
  const name = signUpRequestSchema.shape.name.safeParse(body.name);
  if (!name.success) {
    throw new APIError('BAD_REQUEST', {
      code: 'INVALID_NAME',
      message: name.error.issues[0]?.message ?? 'Name is required',
    });
  }
  return { ...body, name: name.data };
}
