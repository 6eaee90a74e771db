import {
  EXPORT_FORMAT_VERSION,
  exportDataSchema,
  type ExportData,
} from '@nocturne/contract/account-data/export-user-data';
import pMap from 'p-map';
import type { DbHandle } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { exportAuditRowsAbout } from '../admin-audit/admin-audit-repository';
import { exportAccountOf } from '../auth/people-repository';
import { exportApiKeysOf } from '../api-keys/api-keys-repository';
import { exportWebhooksOf } from '../webhooks/webhooks-repository';
import { exportPaymentsOf } from '../billing/payments-repository';
import { exportCharactersOf } from '../characters/characters-repository';
import { exportCreditsOf } from '../credits/repository/person-credits';
import {
  exportGenerationsOf,
  type ExportedImageRow,
} from '../generations/repository/person-generations';
import type { ImageStore } from '../images/image-store';
import { exportRefusalsOf } from '../moderation/refusals-repository';
import { exportNoticesOf } from '../notices/notices-repository';
import { exportPresetsOf } from '../presets/presets-repository';
import { exportSubscriptionOf } from '../subscriptions/subscriptions-repository';
import { exportPreferencesOf } from '../users/preferences-repository';
import { exportWildcardsOf } from '../wildcards/wildcards-repository';

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
  const account = await exportAccountOf(db, userId);
  if (!account) throw new AppError('UNAUTHORIZED');
  const preferences = await exportPreferencesOf(db, userId);
  const credits = await exportCreditsOf(db, userId);
  const saved = await exportGenerationsOf(db, userId);
  const presets = await exportPresetsOf(db, userId);
  const characters = await exportCharactersOf(db, userId);
  const wildcardLists = await exportWildcardsOf(db, userId);
  const apiKeys = await exportApiKeysOf(db, userId);
  const webhookList = await exportWebhooksOf(db, userId);
  const subscription = await exportSubscriptionOf(db, userId);
  const payments = await exportPaymentsOf(db, userId);
  const mailNotices = await exportNoticesOf(db, userId);
  const refusals = await exportRefusalsOf(db, userId);
  const adminActions = await exportAuditRowsAbout(db, userId);
  const { generations, favorites, images } = await withImageFiles(
    options.images,
    saved.generations,
    saved.favorites,
  );

  // Parsed, not cast: the generic records must still carry the fields the contract promises.
  const data = exportDataSchema.parse({
    format_version: EXPORT_FORMAT_VERSION,
    exported_at: options.now.toISOString(),
    ...account,
    preferences,
    ...credits,
    generations,
    favorites,
    presets,
    characters,
    wildcard_lists: wildcardLists,
    api_keys: apiKeys,
    webhooks: webhookList,
    subscription,
    payments,
    mail_notices: mailNotices,
    prompt_refusals: refusals,
    admin_actions: adminActions,
  });
  return { data, images };
}

/**
 * Which stored images still exist, asked a few at a time (one HEAD each on S3), in row order:
 * each row with its `image_file` (null when its file is gone), and the images that go in the ZIP.
 */
async function withImageFiles(
  store: ImageStore,
  generationRows: ExportedImageRow[],
  favoriteRows: ExportedImageRow[],
) {
  const imageChecks = [
    ...generationRows.map((row) => ({
      key: row.imageKey,
      file: `images/generations/${row.id}.png`,
    })),
    ...favoriteRows.map((row) => ({ key: row.imageKey, file: `images/favorites/${row.id}.png` })),
  ];
  const imageFiles = await pMap(
    imageChecks,
    async ({ key, file }) => (key && (await store.exists(key)) ? file : null),
    { concurrency: IMAGE_CHECKS_AT_ONCE },
  );
  const images: ExportImage[] = imageChecks.flatMap(({ key }, index) => {
    const file = imageFiles[index];
    return key && file ? [{ key, file }] : [];
  });
  const generations = generationRows.map((row, index) => ({
    ...row.record,
    image_file: imageFiles[index] ?? null,
  }));
  const favorites = favoriteRows.map((row, index) => ({
    ...row.record,
    image_file: imageFiles[generationRows.length + index] ?? null,
  }));
  return { generations, favorites, images };
}
