import {
  EXPORT_FORMAT_VERSION,
  exportDataSchema,
  type ExportData,
} from '@nocturne/contract/account-data/export-user-data';
import pMap from 'p-map';
import { asc, eq } from 'drizzle-orm';
import { adminAudit } from '../../db/admin-schema';
import { account, session, user } from '../../db/auth-schema';
import { creditAccounts, creditTransactions } from '../../db/credits-schema';
import type { DbHandle } from '../../db/database';
import { favorites, generations } from '../../db/generations-schema';
import { payments, subscriptions } from '../../db/payments-schema';
import { presets } from '../../db/presets-schema';
import { promptRefusals } from '../../db/moderation-schema';
import { mailNotices, userPreferences } from '../../db/users-schema';
import { AppError } from '../../lib/app-error';
import type { ImageStore } from '../images/image-store';
import { toExportRecord } from './to-export-record';

/** Image existence checks in flight at once: an export of thousands of rows on S3 is not serial. */
const IMAGE_CHECKS_AT_ONCE = 16;

export interface ExportImage {
  /** Path inside the ZIP, as `image_file` in data.json names it. */
  file: string;
  key: string;
}

/**
 * Everything Nocturne holds about one person, read with their id only (nothing of anyone else),
 * and the stored images that go beside data.json: retained results and favorites. An image whose
 * file is already gone (retention cleanup) is listed with `image_file: null` / left out.
 */
export async function collectUserExport(options: {
  db: DbHandle;
  images: ImageStore;
  userId: string;
  now: Date;
}): Promise<{ data: ExportData; images: ExportImage[] }> {
  const { db, userId } = options;
  const [profile] = await db.select().from(user).where(eq(user.id, userId));
  if (!profile) throw new AppError('UNAUTHORIZED');
  const [preferences] = await db
    .select()
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  const accounts = await db.select().from(account).where(eq(account.userId, userId));
  const sessions = await db.select().from(session).where(eq(session.userId, userId));
  const [creditAccount] = await db
    .select()
    .from(creditAccounts)
    .where(eq(creditAccounts.userId, userId));
  const ledger = await db
    .select()
    .from(creditTransactions)
    .where(eq(creditTransactions.userId, userId))
    .orderBy(asc(creditTransactions.createdAt), asc(creditTransactions.id));
  const generationRows = await db
    .select()
    .from(generations)
    .where(eq(generations.userId, userId))
    .orderBy(asc(generations.createdAt), asc(generations.id));
  const favoriteRows = await db
    .select()
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(asc(favorites.createdAt), asc(favorites.id));
  const presetRows = await db
    .select()
    .from(presets)
    .where(eq(presets.userId, userId))
    .orderBy(asc(presets.createdAt), asc(presets.id));
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  const paymentRows = await db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  const noticeRows = await db
    .select()
    .from(mailNotices)
    .where(eq(mailNotices.userId, userId))
    .orderBy(asc(mailNotices.sentAt));
  const refusalRows = await db
    .select()
    .from(promptRefusals)
    .where(eq(promptRefusals.userId, userId))
    .orderBy(asc(promptRefusals.createdAt), asc(promptRefusals.id));
  const auditRows = await db
    .select()
    .from(adminAudit)
    .where(eq(adminAudit.targetUserId, userId))
    .orderBy(asc(adminAudit.id));

  // Which stored images still exist, asked a few at a time (one HEAD each on S3), in row order.
  const imageChecks = [
    ...generationRows.map((row) => ({
      key: row.resultPath,
      file: `images/generations/${row.id}.png`,
    })),
    ...favoriteRows.map((row) => ({ key: row.imagePath, file: `images/favorites/${row.id}.png` })),
  ];
  const imageFiles = await pMap(
    imageChecks,
    async ({ key, file }) => (key && (await options.images.exists(key)) ? file : null),
    { concurrency: IMAGE_CHECKS_AT_ONCE },
  );
  const images: ExportImage[] = imageChecks.flatMap(({ key }, index) => {
    const file = imageFiles[index];
    return key && file ? [{ key, file }] : [];
  });
  const exportedGenerations = generationRows.map((row, index) => ({
    ...toExportRecord(generations, row),
    image_file: imageFiles[index] ?? null,
  }));
  const exportedFavorites = favoriteRows.map((row, index) => ({
    ...toExportRecord(favorites, row),
    image_file: imageFiles[generationRows.length + index] ?? null,
  }));

  // Parsed, not cast: the generic records must still carry the fields the contract promises.
  const data = exportDataSchema.parse({
    format_version: EXPORT_FORMAT_VERSION,
    exported_at: options.now.toISOString(),
    profile: toExportRecord(user, profile),
    preferences: preferences ? toExportRecord(userPreferences, preferences) : undefined,
    accounts: accounts.map((row) =>
      toExportRecord(account, row, ['password', 'accessToken', 'refreshToken', 'idToken']),
    ),
    sessions: sessions.map((row) => toExportRecord(session, row, ['token'])),
    credit_account: creditAccount ? toExportRecord(creditAccounts, creditAccount) : null,
    credit_ledger: ledger.map((row) => toExportRecord(creditTransactions, row)),
    generations: exportedGenerations,
    favorites: exportedFavorites,
    presets: presetRows.map((row) => toExportRecord(presets, row)),
    subscription: subscription ? toExportRecord(subscriptions, subscription) : null,
    payments: paymentRows.map((row) => toExportRecord(payments, row)),
    mail_notices: noticeRows.map((row) => toExportRecord(mailNotices, row)),
    // The review's status and reason go with the refusal; the operator's identity does not.
    prompt_refusals: refusalRows.map((row) => toExportRecord(promptRefusals, row, ['reviewedBy'])),
    admin_actions: auditRows.map((row) =>
      toExportRecord(adminAudit, row, ['operatorId', 'operatorEmail']),
    ),
  });
  return { data, images };
}
