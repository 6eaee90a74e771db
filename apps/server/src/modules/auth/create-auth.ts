import { TRUST_DEVICE_DAYS } from '@nocturne/contract/auth/two-factor';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@nocturne/contract/constants';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { jwt, twoFactor } from 'better-auth/plugins';
import type { Logger } from '../../lib/create-logger';
import type { WindowCounter } from '../../lib/window-counter';
import type { AppDb } from '../../db/database';
import { schema } from '../../db/schema';
import type { BackgroundSends } from '../mail/background-sends';
import type { Mailer } from '../mail/create-mailer';
import { accessTokenPayload } from './access-token-payload';
import { afterAuthHook, beforeAuthHook } from './auth-hooks';
import { counterRateLimitStorage } from './counter-rate-limit-storage';
import { ACCESS_TOKEN_TTL, AUTH_BASE_PATH, SIGN_UP_WINDOW_S } from './auth-constants';
import { redirectTargets } from './redirect-targets';
import { createTrustedOrigins } from './request-origins';
import {
  CHANGE_EMAIL_MAIL,
  RESET_PASSWORD_MAIL,
  sendAccountMail,
  VERIFY_EMAIL_MAIL,
} from './send-account-mail';
import { syntheticSignUpUser } from './synthetic-sign-up-user';

export interface CreateAuthOptions {
  db: AppDb;
  secret: string;
  /**
   * PUBLIC_URL, chosen or else http://localhost:PORT: base URL of every mailed link (never the
   * request's Host or Origin), JWT issuer and audience.
   */
  publicUrl: string;
  /** CORS_ORIGINS: other trusted page origins and redirect targets (`npm run dev` adds Vite's). */
  corsOrigins: string[];
  mailer: Mailer;
  /** Where the password-reset mail is sent from, after the request is answered. */
  backgroundSends: BackgroundSends;
  logger: Logger;
  /** Sign-ups allowed per IP per minute (SIGN_UP_MAX_PER_IP_PER_MINUTE). */
  signUpPerIp: number;
  /**
   * Where better-auth's limits count: the app's own counter (shared by every API process with
   * REDIS_URL), never better-auth's memory store, which is one map for every instance in the
   * process.
   */
  rateLimitCounter: WindowCounter;
  /**
   * How passwords are hashed and checked; better-auth's own scrypt when absent, as in every
   * deployment. Only the tests' app factory passes one (decision 069): no setting reaches it.
   */
  passwordHashing?: PasswordHashing;
}

/** better-auth's `emailAndPassword.password`: the stored form of a password and its check. */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

/** better-auth, self-hosted: email + password, verified addresses, sessions and short-lived JWTs. */
export function createAuth(options: CreateAuthOptions) {
  const { publicUrl, logger } = options;
  const configuredOrigins = [...new Set([publicUrl, ...options.corsOrigins])];
  return betterAuth({
    appName: 'Nocturne',
    baseURL: publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: options.secret,
    database: drizzleAdapter(options.db, { provider: 'pg', schema }),
    trustedOrigins: createTrustedOrigins(configuredOrigins),
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message) => logger[level === 'debug' ? 'debug' : level]({ auth: true }, message),
    },
    // Client errors (wrong password, unverified, refused sign-up) are answers, not incidents;
    // better-auth would otherwise print each one to the console outside our redacting logger.
    onAPIError: {
      onError: (error) => {
        const status = (error as { statusCode?: number }).statusCode ?? 500;
        if (status >= 500) logger.error({ err: error }, 'auth endpoint failed');
        else logger.debug({ status, message: (error as Error).message }, 'auth client error');
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      // A sign-up for a taken address answers like a new one and mails nothing.
      customSyntheticUser: syntheticSignUpUser,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // POST /request-password-reset mails this link; POST /reset-password sets the new one. The
      // mail leaves after the answer, which is the same for known and unknown addresses.
      sendResetPassword: async ({ user, url }) => {
        options.backgroundSends.start('password reset mail', () =>
          sendAccountMail({
            mailer: options.mailer,
            logger,
            to: user.email,
            url,
            mail: RESET_PASSWORD_MAIL,
          }),
        );
      },
      // Whoever reset the password may be locking someone else out: every session ends.
      revokeSessionsOnPasswordReset: true,
      password: options.passwordHashing,
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      // A verified user asking for this mail is changing their address (POST /change-email
      // sends it to the new one, which only takes effect once the link is opened).
      sendVerificationEmail: ({ user, url }) =>
        sendAccountMail({
          mailer: options.mailer,
          logger,
          to: user.email,
          url,
          mail: user.emailVerified ? CHANGE_EMAIL_MAIL : VERIFY_EMAIL_MAIL,
        }),
    },
    user: {
      // Written by the database hook below, never accepted from the client.
      additionalFields: { ageConfirmedAt: { type: 'date', required: false, input: false } },
      // Without sendChangeEmailConfirmation the link goes to the new address only.
      changeEmail: { enabled: true },
    },
    databaseHooks: {
      user: {
        create: {
          // The before hook refused every sign-up without ageConfirmed: true, so any user
          // being created has just confirmed being an adult. One instant for all three stamps,
          // like the answer to a sign-up for a taken address (syntheticSignUpUser).
          before: async (user) => {
            const at = user.createdAt instanceof Date ? user.createdAt : new Date();
            return { data: { ...user, createdAt: at, updatedAt: at, ageConfirmedAt: at } };
          },
        },
      },
    },
    hooks: { before: beforeAuthHook, after: afterAuthHook },
    // On regardless of NODE_ENV (better-auth's default is production only); the stricter
    // per-account sign-in limit lives in the Fastify bridge.
    rateLimit: {
      enabled: true,
      customStorage: counterRateLimitStorage(options.rateLimitCounter),
      window: 60,
      max: 300,
      // better-auth's default (3 per 10 s per IP) would trip a household behind one NAT; sign-in
      // is throttled per account and IP in the bridge, sign-up stays modest per IP.
      customRules: {
        '/sign-in/email': { window: 60, max: 60 },
        '/sign-up/email': { window: SIGN_UP_WINDOW_S, max: options.signUpPerIp },
      },
    },
    advanced: {
      // better-auth skips the check under NODE_ENV=test; behaviour must not depend on it, and the
      // tests must see the origin rules the product runs with.
      disableOriginCheck: false,
      useSecureCookies: publicUrl.startsWith('https://'),
      // The bridge sets this header from Fastify's request.ip (which honours TRUST_PROXY).
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    plugins: [
      redirectTargets(configuredOrigins),
      // Operators must turn it on (decision 056); anyone may. A sign-in of an account with it on
      // answers { twoFactorRedirect: true } and only POST /two-factor/verify-totp (or a backup
      // code) makes the session, whose cookie then gets tokens from GET /token as usual.
      twoFactor({ issuer: 'Nocturne', trustDeviceMaxAge: TRUST_DEVICE_DAYS * 24 * 60 * 60 }),
      jwt({
        jwt: {
          issuer: publicUrl,
          audience: publicUrl,
          expirationTime: ACCESS_TOKEN_TTL,
          definePayload: (session) => accessTokenPayload(session),
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
