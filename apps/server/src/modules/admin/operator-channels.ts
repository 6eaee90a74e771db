import { ADMIN_CHANNEL_TOPICS } from '@nocturne/contract/realtime/channels';
import type { FastifyPluginAsync } from 'fastify';
import type { DbHandle } from '../../db/database';
import type { TokenUser } from '../auth/create-token-verifier';
import { checkOperator, type OperatorGateSettings } from '../operators/require-operator';

/**
 * Whether a socket's person may join an operators-only channel: the same check as every
 * /api/v1/admin route, made at each join and again whenever the person's rights change (a
 * removed operator's socket leaves; decision 075).
 */
export function isOperatorSocket(db: DbHandle, settings: OperatorGateSettings) {
  return async (user: TokenUser): Promise<boolean> =>
    !('refused' in (await checkOperator(db, settings, user.id)));
}

/** The `admin:{topic}` channels (ADMIN_CHANNEL_TOPICS): operators only. */
export const operatorChannels: FastifyPluginAsync<{ gate: OperatorGateSettings }> = async (
  app,
  options,
) => {
  const isOperator = isOperatorSocket(app.database.db, options.gate);
  const topics: readonly string[] = ADMIN_CHANNEL_TOPICS;
  app.realtime.registerChannelAuthorizer(
    'admin',
    async (user, topic) => topics.includes(topic) && (await isOperator(user)),
  );
};
