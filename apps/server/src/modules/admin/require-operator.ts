import type { FastifyRequest } from 'fastify';
import type { DbHandle } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { getRequestUser } from '../auth/get-request-user';
import { getOperatorStatus } from './get-operator-status';

export interface RequestOperator {
  id: string;
  email: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator behind an /api/v1/admin request, set by the admin hook. */
    operator: RequestOperator | null;
  }
}

export interface OperatorSettings {
  /** OPERATOR_EMAILS, lower-cased. */
  emails: readonly string[];
  /** OPERATOR_REQUIRE_TWO_FACTOR. */
  requireTwoFactor: boolean;
}

/**
 * The one gate of every /api/v1/admin route (runs after the bearer-token hook): anyone but an
 * operator gets OPERATOR_ONLY, an operator without two-factor sign-in OPERATOR_TWO_FACTOR_REQUIRED
 * unless the deployment turned that off.
 */
export function requireOperator(db: DbHandle, settings: OperatorSettings) {
  return async function operatorGate(request: FastifyRequest) {
    const caller = getRequestUser(request);
    const status = await getOperatorStatus({
      db,
      userId: caller.id,
      operatorEmails: settings.emails,
    });
    if (!status.isOperator) throw new AppError('OPERATOR_ONLY');
    if (settings.requireTwoFactor && !status.twoFactorEnabled) {
      throw new AppError('OPERATOR_TWO_FACTOR_REQUIRED');
    }
    request.operator = { id: caller.id, email: status.email };
  };
}

/** The operator inside an /api/v1/admin handler. */
export function getRequestOperator(request: FastifyRequest): RequestOperator {
  if (!request.operator) throw new AppError('OPERATOR_ONLY');
  return request.operator;
}
