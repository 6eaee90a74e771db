import { QueryBuilder } from 'drizzle-orm/pg-core';
import { generationHolds } from './moderation-tables';

/**
 * Operators' holds on people's generation as other modules' statements read them beside their
 * own rows (an API key's lookup refuses a suspended person's key in the same statement): a
 * read-only view under the table's own name. Writes stay in generation-holds.ts.
 */
export const generationHoldsView = new QueryBuilder()
  .select({ userId: generationHolds.userId, suspended: generationHolds.suspended })
  .from(generationHolds)
  .as('generation_holds');
