import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountDataRoutes } from '../../modules/account-data/account-data-routes';
import { adminPlugin } from '../../modules/admin/admin-plugin';
import type { OperatorSettings } from '../../modules/operators/require-operator';
import { creditPackRoutes } from '../../modules/billing/credit-pack-routes';
import { creditRoutes } from '../../modules/credits/credit-routes';
import { favoriteRoutes } from '../../modules/generations/favorites/favorite-routes';
import {
  generationsPlugin,
  type GenerationsPluginOptions,
} from '../../modules/generations/generations-plugin';
import { imageEngineRoutes } from '../../modules/image-engine/image-engine-routes';
import { modelRoutes } from '../../modules/models/model-routes';
import { presetRoutes } from '../../modules/presets/preset-routes';
import { characterRoutes } from '../../modules/characters/character-routes';
import { characterReferenceImages } from '../../modules/generations/character-reference-images';
import { wildcardRoutes } from '../../modules/wildcards/wildcard-routes';
import { webhookRoutes } from '../../modules/webhooks/webhook-routes';
import { apiKeyRoutes } from '../../modules/api-keys/api-key-routes';
import { serviceStatusRoutes } from '../../modules/service-settings/service-status-routes';
import { subscriptionRoutes } from '../../modules/billing/subscription-routes';
import { userRoutes } from '../../modules/users/user-routes';
import { requireBearerToken } from '../../modules/auth/require-bearer-token';

/** Route prefixes (inside /api/v1) that generate images or hand out links to them. */
const AGE_GATED = ['/api/v1/generate', '/api/v1/generations', '/api/v1/favorites'];

/**
 * The product API (spec §7), mounted at /api/v1. Every route in this subtree requires a valid
 * bearer JWT; domain modules register their routes here.
 */
export default async function apiV1(
  app: FastifyInstance,
  options: {
    generationQueue: GenerationsPluginOptions['queue'];
    operators: OperatorSettings;
    /** WEBHOOKS_ALLOW_PRIVATE: webhook URLs may be plain http and private addresses. */
    webhooksAllowPrivate: boolean;
  },
) {
  // preValidation, not onRequest: the rate limiter's route-level onRequest hook must run first
  // (unauthenticated floods are limited too), and a 401 must still precede schema errors.
  app.addHook('preValidation', requireBearerToken);
  // Every answer here is one person's: no shared cache may keep it, nor the browser's back cache.
  // Set before the handler, which may choose otherwise (a hook on every send cost more).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  });
  // Adults only: generating and the routes that hand out image links need the 18+ confirmation,
  // added to those routes alone and ahead of their own preHandlers (rate limits, handlers).
  const requireAdult = async (request: FastifyRequest) => {
    await app.moderation.requireAgeConfirmation(request);
  };
  app.addHook('onRoute', (route) => {
    if (!AGE_GATED.some((prefix) => route.url.startsWith(prefix))) return;
    const own = route.preHandler ?? [];
    route.preHandler = [requireAdult, ...(Array.isArray(own) ? own : [own])];
  });
  await app.register(creditRoutes);
  await app.register(creditPackRoutes);
  await app.register(subscriptionRoutes);
  await app.register(imageEngineRoutes);
  await app.register(modelRoutes);
  await app.register(generationsPlugin, { queue: options.generationQueue });
  await app.register(favoriteRoutes, { images: app.images });
  await app.register(presetRoutes);
  await app.register(characterRoutes, {
    referenceImages: characterReferenceImages(app.database.db, app.images),
  });
  await app.register(wildcardRoutes);
  await app.register(webhookRoutes, { allowPrivate: options.webhooksAllowPrivate });
  await app.register(apiKeyRoutes);
  await app.register(userRoutes, { operators: options.operators });
  await app.register(accountDataRoutes, {
    images: app.images,
    publicUrl: app.payments.config.publicUrl,
  });
  await app.register(serviceStatusRoutes);
  await app.register(adminPlugin, { prefix: '/admin', operators: options.operators });
}
