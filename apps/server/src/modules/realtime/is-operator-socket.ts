import type { DbHandle } from '../../db/database';
import { getOperatorStatus } from '../admin/get-operator-status';
import type { OperatorSettings } from '../admin/require-operator';
import type { TokenUser } from '../auth/create-token-verifier';

/**
 * Whether a socket's user may join operators-only channels: the same rule as the console's HTTP
 * gate (require-operator.ts), an operator with two-factor sign-in unless the deployment lifted it.
 * Read at every join, so a removed operator cannot join again.
 */
export async function isOperatorSocket(
  db: DbHandle,
  settings: OperatorSettings,
  user: TokenUser,
): Promise<boolean> {
  const status = await getOperatorStatus({ db, userId: user.id, operatorEmails: settings.emails });
  return status.isOperator && (!settings.requireTwoFactor || status.twoFactorEnabled);
}
