import type { FastifyRequest } from 'fastify';
import type { DbHandle } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { getRequestUser } from '../auth/get-request-user';
import { getOperatorStatus } from './get-operator-status';
import { isGenerationSuspended } from './is-generation-suspended';

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

/** What the console's gate needs besides who is an operator. */
export interface OperatorGateSettings extends OperatorSettings {
  /** PROMPT_SUSPENSION_HOURS: how long refused prompts suspend generation. */
  suspensionHours: number;
}

/**
 * Whether the person may use the console: OPERATOR_ONLY for anyone but an operator and for an
 * operator whose generation is suspended (by another operator, or after refused prompts: someone
 * suspected of abuse does not act on other people's accounts, decision 075),
 * OPERATOR_TWO_FACTOR_REQUIRED for an operator without two-factor sign-in unless the deployment
 * turned that off. The one check behind the admin routes and the operators' realtime channels,
 * whose sockets are checked again whenever one of these changes.
 */
export async function checkOperator(
  db: DbHandle,
  settings: OperatorGateSettings,
  userId: string,
): Promise<{ email: string } | { refused: 'OPERATOR_ONLY' | 'OPERATOR_TWO_FACTOR_REQUIRED' }> {
  const status = await getOperatorStatus({ db, userId, operatorEmails: settings.emails });
  if (!status.isOperator) return { refused: 'OPERATOR_ONLY' };
  if (settings.requireTwoFactor && !status.twoFactorEnabled) {
    return { refused: 'OPERATOR_TWO_FACTOR_REQUIRED' };
  }
  if (await isGenerationSuspended(db, userId, settings.suspensionHours)) {
    return { refused: 'OPERATOR_ONLY' };
  }
  return { email: status.email };
}

/** The one gate of every /api/v1/admin route (runs after the bearer-token hook). */
export function requireOperator(db: DbHandle, settings: OperatorGateSettings) {
  return async function operatorGate(request: FastifyRequest) {
    const caller = getRequestUser(request);
    const checked = await checkOperator(db, settings, caller.id);
    if ('refused' in checked) throw new AppError(checked.refused);
    request.operator = { id: caller.id, email: checked.email };
  };
}

/** The operator inside an /api/v1/admin handler. */
export function getRequestOperator(request: FastifyRequest): RequestOperator {
  if (!request.operator) throw new AppError('OPERATOR_ONLY');
  return request.operator;
}
