import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../../env';
import { getRequestUser } from '../../modules/auth/get-request-user';
import { createPromptPolicy } from '../../modules/moderation/check-prompt-policy';
import { readNamesFile } from '../../modules/moderation/real-people';
import { createAgeConfirmationCheck } from '../../modules/moderation/age-confirmation-check';
import { screenPrompt, type ScreenedPrompt } from '../../modules/moderation/screen-prompt';

export interface Moderation {
  /** Before /generate and retry charge anything: 18+, suspension, content rules (403/422). */
  screen(userId: string, prompt: ScreenedPrompt): Promise<void>;
  /** Route hook for generation and image routes: 403 without a recorded 18+ confirmation. */
  requireAgeConfirmation(request: FastifyRequest): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    moderation: Moderation;
  }
}

/** `app.moderation`: the content rules with the configured extra names and suspension time. */
export default fp(
  async function moderationPlugin(
    app: FastifyInstance,
    options: { env: Pick<Env, 'PROMPT_SUSPENSION_HOURS' | 'PROMPT_POLICY_EXTRA_NAMES_FILE'> },
  ) {
    const file = options.env.PROMPT_POLICY_EXTRA_NAMES_FILE;
    const policy = createPromptPolicy({ extraNames: file ? readNamesFile(file) : [] });
    const db = app.database.db;
    const assertAgeConfirmed = createAgeConfirmationCheck(db);
    app.decorate('moderation', {
      screen: (userId, prompt) =>
        screenPrompt({
          db,
          policy,
          suspensionHours: options.env.PROMPT_SUSPENSION_HOURS,
          userId,
          prompt,
          assertAgeConfirmed,
        }),
      requireAgeConfirmation: (request) => assertAgeConfirmed(getRequestUser(request).id),
    } satisfies Moderation);
  },
  { name: 'moderation', dependencies: ['database'] },
);
