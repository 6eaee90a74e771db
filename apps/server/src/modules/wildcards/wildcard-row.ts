import type { Wildcard } from '@nocturne/contract/wildcards/wildcard';
import type { sharedWildcardLists, wildcardLists } from './wildcards-tables';

export type WildcardRow = typeof wildcardLists.$inferSelect;
export type SharedWildcardRow = typeof sharedWildcardLists.$inferSelect;

/** A list, the person's or a shared one, as the API shows it. */
export function toWildcard(row: WildcardRow | SharedWildcardRow): Wildcard {
  return { name: row.name, values: row.values, updated_at: row.updatedAt.toISOString() };
}
