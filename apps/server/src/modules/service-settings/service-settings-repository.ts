import type {
  Announcement,
  GenerationMode,
  ServiceStatus,
} from '@nocturne/contract/admin/service-settings';
import { eq, sql } from 'drizzle-orm';
import { serviceSettings } from './service-settings-tables';
import type { DbHandle } from '../../db/database';

/** NOTIFY channel of a settings change: every process rereads its cached copy at once. */
export const SERVICE_SETTINGS_CHANNEL = 'service_settings_changed';

/** Sent inside the changing transaction, so it is delivered at commit (never for a rollback). */
export async function notifyServiceSettingsChanged(tx: DbHandle): Promise<void> {
  await tx.execute(sql`select pg_notify(${SERVICE_SETTINGS_CHANNEL}, '')`);
}

/** The stored settings: the switch, its message and the announcement, ended or not. */
export interface StoredServiceSettings {
  generation: GenerationMode;
  message: string;
  announcement: Announcement | null;
}

/** Reads the one row; `lock` holds it until the transaction ends (a change reads, then writes). */
export async function readServiceSettings(
  db: DbHandle,
  lock = false,
): Promise<StoredServiceSettings> {
  const query = db.select().from(serviceSettings).where(eq(serviceSettings.id, 1));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new Error('service_settings has no row (migration 0024 inserts it)');
  const ends = row.announcementEndsAt;
  const announcement =
    row.announcementId && row.announcementText && row.announcementLevel && ends
      ? {
          id: row.announcementId,
          text: row.announcementText,
          level: row.announcementLevel as Announcement['level'],
          ends_at: ends.toISOString(),
        }
      : null;
  return { generation: row.generation as GenerationMode, message: row.message, announcement };
}

export async function writeServiceSettings(
  tx: DbHandle,
  settings: StoredServiceSettings,
): Promise<void> {
  const { announcement } = settings;
  await tx
    .update(serviceSettings)
    .set({
      generation: settings.generation,
      message: settings.message,
      announcementId: announcement?.id ?? null,
      announcementText: announcement?.text ?? null,
      announcementLevel: announcement?.level ?? null,
      announcementEndsAt: announcement ? new Date(announcement.ends_at) : null,
      updatedAt: new Date(),
    })
    .where(eq(serviceSettings.id, 1));
}

/** What people see at `now`: an announcement past its end is gone. */
export function toServiceStatus(stored: StoredServiceSettings, now: Date): ServiceStatus {
  const { announcement } = stored;
  const live = announcement && new Date(announcement.ends_at) > now ? announcement : null;
  return { generation: stored.generation, message: stored.message, announcement: live };
}
