import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getOperatorStatus } from '../operators/get-operator-status';
import type { OperatorSettings } from '../operators/require-operator';

/**
 * Whether the visitor's session cookie belongs to an operator: the console's pages are sent to
 * operators only. The session is read through better-auth's own route, as the signed-in
 * document does; two-factor is left to the console's API (the page then asks for it).
 */
export async function isOperatorVisit(
  app: FastifyInstance,
  request: FastifyRequest,
  operators: OperatorSettings,
): Promise<boolean> {
  const session = await app.inject({
    remoteAddress: request.ip,
    method: 'GET',
    url: '/api/auth/get-session',
    headers: { cookie: request.headers.cookie ?? '' },
  });
  if (session.statusCode !== 200) return false;
  const userId = (session.json() as { user?: { id?: unknown } } | null)?.user?.id;
  if (typeof userId !== 'string') return false;
  const status = await getOperatorStatus({
    db: app.database.db,
    userId,
    operatorEmails: operators.emails,
  });
  return status.isOperator;
}
