import type { ServiceStatus } from '@nocturne/contract/admin/service-settings';
import { isGenerationPaused } from '@nocturne/contract/admin/service-settings';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error';
import { createServiceSettingsCache } from '../../modules/service-settings/service-settings-cache';
import {
  SERVICE_SETTINGS_CHANNEL,
  toServiceStatus,
} from '../../modules/service-settings/service-settings-repository';
import { hasPremiumAccess } from '../../modules/subscriptions/has-premium-access';
import { listenWhileOpen } from './database';

/** How long a process trusts its copy of the settings without a NOTIFY (a lost one's bound). */
const SETTINGS_TTL_MS = 30_000;

export interface ServiceSettingsAccess {
  /** The switch, its message and the live announcement, from this process's copy. */
  status(): Promise<ServiceStatus>;
  /**
   * Before a submit or retry charges anything: 503 GENERATION_PAUSED with the operator's message
   * when the switch is off, or premium_only and the person has no premium.
   */
  assertGenerationOpen(userId: string): Promise<void>;
  /** This process changed the settings: the next read asks the database. */
  forget(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    serviceSettings: ServiceSettingsAccess;
  }
}

/** `app.serviceSettings` and the `service:status` channel every signed-in person may join. */
export default fp(
  async function serviceSettingsPlugin(app: FastifyInstance) {
    const db = app.database.db;
    const cache = createServiceSettingsCache({ db, ttlMs: SETTINGS_TTL_MS });
    await listenWhileOpen(
      app,
      SERVICE_SETTINGS_CHANNEL,
      () => cache.forget(),
      'a settings change made elsewhere applies here after the cache TTL',
    );
    const status = async () => toServiceStatus(await cache.read(), new Date());
    app.realtime.registerChannelAuthorizer('service', (_user, id) => id === 'status');
    app.realtime.registerChannelSnapshot('service', () => status());
    app.decorate('serviceSettings', {
      status,
      async assertGenerationOpen(userId) {
        const { generation, message } = await cache.read();
        if (generation === 'on') return;
        const premium =
          generation === 'premium_only' && (await hasPremiumAccess({ tx: db, userId }));
        if (!isGenerationPaused(generation, premium)) return;
        throw new AppError('GENERATION_PAUSED', message ? { message } : {});
      },
      forget: cache.forget,
    } satisfies ServiceSettingsAccess);
  },
  { name: 'service-settings', dependencies: ['database', 'realtime'] },
);
