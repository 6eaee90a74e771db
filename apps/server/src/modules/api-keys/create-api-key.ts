import { API_KEYS_PER_PERSON_MAX, type ApiKeyScope } from '@nocturne/contract/api-keys/api-key';
import type {
  CreateApiKeyRequest,
  CreateApiKeyResponse,
} from '@nocturne/contract/api-keys/create-api-key';
import { eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { recordAdminAction, type AuditedOperator } from '../admin-audit/admin-audit-repository';
import { apiKeys } from './api-keys-tables';
import { newApiKeySecret } from './api-key-secret';
import { lockPerson } from '../../db/lock-person';

/** `generations` is always granted; the rest as asked, each once, in the contract's order. */
export function grantedScopes(asked: readonly ApiKeyScope[] = []): ApiKeyScope[] {
  return asked.includes('favorites') ? ['generations', 'favorites'] : ['generations'];
}

/**
 * POST /api-keys: a new key for the person, audited in the same transaction (the person is the
 * actor). The person's key lock makes concurrent creates take turns, so the count cannot let two
 * of them both take the last place.
 */
export async function createApiKey(options: {
  db: AppDb;
  person: AuditedOperator;
  request: CreateApiKeyRequest;
}): Promise<CreateApiKeyResponse> {
  const { db, person, request } = options;
  const secret = newApiKeySecret();
  const scopes = grantedScopes(request.scopes);
  return db.transaction(async (tx) => {
    await lockPerson(tx, 'api-keys', person.id);
    const [held] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(eq(apiKeys.userId, person.id));
    if ((held?.count ?? 0) >= API_KEYS_PER_PERSON_MAX) throw new AppError('API_KEY_LIMIT_REACHED');
    const [row] = await tx
      .insert(apiKeys)
      .values({
        userId: person.id,
        name: request.name,
        scopes,
        prefix: secret.prefix,
        keyHash: secret.hash,
      })
      .returning({ id: apiKeys.id });
    if (!row) throw new Error('an API key insert without a row');
    await recordAdminAction(tx, {
      operator: person,
      action: 'api_key_create',
      targetUserId: person.id,
      reason: null,
      before: null,
      after: { id: row.id, name: request.name, scopes, prefix: secret.prefix },
    });
    return { id: row.id, key: secret.key };
  });
}
