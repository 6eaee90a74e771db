import type { ApiKey, ApiKeyScope } from '@nocturne/contract/api-keys/api-key';
import type { apiKeys } from './api-keys-tables';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** A row as its owner (and an operator) sees it: never the hash. */
export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiKeyScope[],
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}
