import type { DbHandle } from '../../db/database';
import { createNotifiedCache, type NotifiedCache } from '../../lib/notified-cache';
import { readServiceSettings, type StoredServiceSettings } from './service-settings-repository';

export type ServiceSettingsCache = NotifiedCache<StoredServiceSettings>;

/**
 * One copy of the settings per process, so a submit costs no query for them. Every change
 * NOTIFYs all processes, which forget their copy at once; the TTL bounds a lost notification.
 */
export function createServiceSettingsCache(options: {
  db: DbHandle;
  ttlMs: number;
  now?: () => number;
}): ServiceSettingsCache {
  return createNotifiedCache({ ...options, load: () => readServiceSettings(options.db) });
}
