import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LANDING_SAMPLES_CHANNEL } from '../../modules/landing-samples/landing-samples-repository';
import { createLandingPage, type LandingPage } from '../../modules/web/landing-page';
import { listenWhileOpen } from './database';

declare module 'fastify' {
  interface FastifyInstance {
    /** The prerendered landing with the chosen samples; null when the build wrote no landing. */
    landingPage: LandingPage | null;
  }
}

/** `app.landingPage`, re-rendered on every process when the samples change (NOTIFY). */
export default fp(
  async function landingPagePlugin(app: FastifyInstance, options: { distDir: string }) {
    if (!existsSync(path.join(options.distDir, 'landing.html'))) {
      app.decorate('landingPage', null);
      return;
    }
    const landing = createLandingPage({ distDir: options.distDir, db: app.database.db });
    await listenWhileOpen(
      app,
      LANDING_SAMPLES_CHANNEL,
      () => landing.forget(),
      'a change of the landing samples shows after the cache TTL',
    );
    app.decorate('landingPage', landing);
  },
  { name: 'landing-page', dependencies: ['database'] },
);
