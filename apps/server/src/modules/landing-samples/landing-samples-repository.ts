import {
  landingSampleImagePath,
  type LandingSample,
} from '@nocturne/contract/admin/landing-samples';
import { asc, eq, sql } from 'drizzle-orm';
import { landingSamples } from './landing-samples-tables';
import type { DbHandle } from '../../db/database';

export type LandingSampleRow = typeof landingSamples.$inferSelect;

/** NOTIFY channel of a change of the chosen samples: every process re-renders its landing. */
export const LANDING_SAMPLES_CHANNEL = 'landing_samples_changed';

export async function notifyLandingSamplesChanged(tx: DbHandle): Promise<void> {
  await tx.execute(sql`select pg_notify(${LANDING_SAMPLES_CHANNEL}, '')`);
}

export async function readLandingSampleRows(db: DbHandle): Promise<LandingSampleRow[]> {
  return db.select().from(landingSamples).orderBy(asc(landingSamples.position));
}

/** The stored image of one chosen sample, or undefined for any other id. */
export async function findLandingSampleImage(db: DbHandle, id: string) {
  const [row] = await db
    .select({ imageKey: landingSamples.imageKey })
    .from(landingSamples)
    .where(eq(landingSamples.id, id));
  return row?.imageKey;
}

export function toLandingSample(row: LandingSampleRow): LandingSample {
  return { id: row.id, prompt: row.prompt, image_url: landingSampleImagePath(row.id) };
}
