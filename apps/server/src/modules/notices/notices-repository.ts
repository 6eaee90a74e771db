import { asc, eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { toExportRecord } from '../../db/to-export-record';
import { mailNotices } from './notices-tables';

/** The optional mails sent to the person, in their export, oldest first. */
export async function exportNoticesOf(db: DbHandle, userId: string) {
  const rows = await db
    .select()
    .from(mailNotices)
    .where(eq(mailNotices.userId, userId))
    .orderBy(asc(mailNotices.sentAt));
  return rows.map((row) => toExportRecord(mailNotices, row));
}
