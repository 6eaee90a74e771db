import type { DbHandle } from '../../db/database';
import { readServiceSettings, type StoredServiceSettings } from './service-settings-repository';

export interface ServiceSettingsCache {
  /** The cached settings, read from the database when forgotten or older than the TTL. */
  read(): Promise<StoredServiceSettings>;
  /** The settings changed (NOTIFY or this process's own change): the next read asks again. */
  forget(): void;
}

/**
 * One copy of the settings per process, so a submit costs no query for them. Every change
 * NOTIFYs all processes, which forget their copy at once; the TTL bounds a lost notification.
 */
export function createServiceSettingsCache(options: {
  db: DbHandle;
  ttlMs: number;
  now?: () => number;
}): ServiceSettingsCache {
  const now = options.now ?? (() => performance.now());
  let cached: { value: Promise<StoredServiceSettings>; at: number } | undefined;
  return {
    read() {
      if (cached && now() - cached.at < options.ttlMs) return cached.value;
      const value = readServiceSettings(options.db);
      cached = { value, at: now() };
      value.catch(() => {
        if (cached?.value === value) cached = undefined;
      });
      return value;
    },
    forget() {
      // A read in flight is dropped with it: it may have started before the change.
      cached = undefined;
    },
  };
}
