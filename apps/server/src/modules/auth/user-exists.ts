import { eq } from 'drizzle-orm';
import { user } from '../../db/auth-schema';
import type { AppDb } from '../../db/database';

/** Whether the account behind a token is still there (deleted accounts keep no tokens). */
export async function userExists(db: AppDb, userId: string): Promise<boolean> {
  const rows = await db.select({ id: user.id }).from(user).where(eq(user.id, userId)).limit(1);
  return rows.length > 0;
}
