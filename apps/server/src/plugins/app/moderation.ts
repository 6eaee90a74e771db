import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../../env';
import { listenWhileOpen } from './database';
import { getRequestUser } from '../../modules/auth/get-request-user';
import type { ModerationRules } from '../../modules/moderation/moderation-rules';
import { openModerationRules } from '../../modules/moderation/open-moderation-rules';
import { createAgeConfirmationCheck } from '../../modules/moderation/age-confirmation-check';
import {
  createRefusalFreeCheck,
  PROMPT_REFUSED_CHANNEL,
  screenPrompt,
  type ScreenedPrompt,
} from '../../modules/moderation/screen-prompt';

/** How long a process trusts that a person has no recent refusal (a lost NOTIFY's bound). */
const REFUSAL_FREE_TTL_MS = 30_000;

export interface Moderation {
  /** Before /generate and retry charge anything: 18+, suspension, content rules (403/422). */
  screen(userId: string, prompt: ScreenedPrompt): Promise<void>;
  /** Route hook for generation and image routes: 403 without a recorded 18+ confirmation. */
  requireAgeConfirmation(request: FastifyRequest): Promise<void>;
  /** After an operator's suspend or restore commits: this process re-reads the person's hold. */
  forgetGenerationHold(userId: string): void;
  /** The rules as this process screens with them (the operators' lists cached, kept current). */
  rules: ModerationRules;
  /** PROMPT_SUSPENSION_HOURS: how long a suspension runs. */
  suspensionHours: number;
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
    const db = app.database.db;
    const { rules, close } = await openModerationRules({
      database: app.database,
      extraNamesFile: options.env.PROMPT_POLICY_EXTRA_NAMES_FILE,
      logger: app.log,
    });
    app.addHook('onClose', close);
    const assertAgeConfirmed = createAgeConfirmationCheck(db);
    const refusalFree = createRefusalFreeCheck({
      db,
      suspensionHours: options.env.PROMPT_SUSPENSION_HOURS,
      ttlMs: REFUSAL_FREE_TTL_MS,
    });
    // Refusals recorded by other API processes reach us by NOTIFY.
    await listenWhileOpen(
      app,
      PROMPT_REFUSED_CHANNEL,
      (userId) => refusalFree.forget(userId),
      'refusals elsewhere count here after the cache TTL',
    );
    app.decorate('moderation', {
      screen: (userId, prompt) =>
        screenPrompt({
          db,
          policy: (input) => rules.current().policy(input),
          suspensionHours: options.env.PROMPT_SUSPENSION_HOURS,
          userId,
          prompt,
          assertAgeConfirmed,
          refusalFree,
        }),
      requireAgeConfirmation: (request) => assertAgeConfirmed(getRequestUser(request).id),
      forgetGenerationHold: (userId) => refusalFree.forget(userId),
      rules,
      suspensionHours: options.env.PROMPT_SUSPENSION_HOURS,
    } satisfies Moderation);
  },
  { name: 'moderation', dependencies: ['database'] },
);
