import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../../env';
import { listenWhileOpen } from './database';
import { createAttemptLimiter } from '../../lib/attempt-limiter';
import {
  KNOWN_ADDRESS_TTL_MS,
  KNOWN_ADDRESSES_PER_ACCOUNT,
  SIGN_IN_LIMIT_WINDOW_MS,
} from '../../modules/auth/auth-constants';
import { authRoutes } from '../../modules/auth/auth-routes';
import { createAuth, type Auth, type PasswordHashing } from '../../modules/auth/create-auth';
import {
  createTokenVerifier,
  type VerifyAccessToken,
} from '../../modules/auth/create-token-verifier';
import { SESSION_ENDED_CHANNEL, sessionIsLive } from '../../modules/auth/session-is-live';
import { userExists } from '../../modules/auth/user-exists';
import {
  createUserExistenceCache,
  USER_DELETED_CHANNEL,
  type UserExistenceCache,
} from '../../modules/auth/user-existence-cache';

/** How long a process trusts that a token's user exists without asking (a lost NOTIFY's bound). */
const USER_EXISTENCE_TTL_MS = 30_000;
/** How long a process trusts that a token's session is live without asking (the same bound). */
const LIVE_SESSION_TTL_MS = 30_000;
import { loadOrCreateSecret } from '../../lib/load-or-create-secret';
import { createPositiveAnswerCache } from '../../lib/positive-answer-cache';
import { createBackgroundSends } from '../../modules/mail/background-sends';
import { createMailerFromEnv, type Mailer } from '../../modules/mail/create-mailer';

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    mailer: Mailer;
    verifyAccessToken: VerifyAccessToken;
    /** Whether a token's user still exists, cached per process; `forget` on deletion. */
    userExistence: UserExistenceCache;
  }
}

export interface AuthPluginOptions {
  env: Env;
  signInPerAccountAndIp: number;
  signInPerEmail: number;
  signInPerIp: number;
  signUpPerIp: number;
  /** better-auth's own scrypt when absent (decision 069). */
  passwordHashing?: PasswordHashing;
}

/**
 * Accounts: better-auth at /api/auth/*, the mailer it sends through, the JWT verifier and the
 * `request.user` slot the bearer-token hook fills.
 */
export default fp(
  async function authPlugin(app: FastifyInstance, options: AuthPluginOptions) {
    const { env } = options;
    const mailer = createMailerFromEnv(env, app.log);
    const backgroundSends = createBackgroundSends(app.log);
    // A reset mail still on its way is sent before the app closes.
    app.addHook('onClose', () => backgroundSends.settled());
    const secret = await loadOrCreateSecret({
      fileName: 'auth-secret',
      configured: env.BETTER_AUTH_SECRET,
      dataDir: env.DATA_DIR,
    });
    const auth = createAuth({
      db: app.database.db,
      secret,
      publicUrl: env.PUBLIC_URL,
      corsOrigins: env.CORS_ORIGINS,
      mailer,
      backgroundSends,
      logger: app.log,
      signUpPerIp: options.signUpPerIp,
      rateLimitCounter: app.limits.counter,
      passwordHashing: options.passwordHashing,
    });
    const userExistence = createUserExistenceCache({
      lookup: (userId) => userExists(app.database.db, userId),
      ttlMs: USER_EXISTENCE_TTL_MS,
      maxEntries: 100_000,
    });
    // Deletions in other processes (an API process next to this one) reach us by NOTIFY.
    await listenWhileOpen(
      app,
      USER_DELETED_CHANNEL,
      (userId) => userExistence.forget(userId),
      'deletions elsewhere apply after the cache TTL',
    );
    app.decorate('userExistence', userExistence);
    const liveSessions = createPositiveAnswerCache({
      lookup: (sessionId: string) => sessionIsLive(app.database.db, sessionId),
      ttlMs: LIVE_SESSION_TTL_MS,
      maxEntries: 100_000,
    });
    // Every ended session, in any process and by any code path (migration 0018's triggers):
    // its tokens are refused from now on and this process's sockets opened with them close.
    await listenWhileOpen(
      app,
      SESSION_ENDED_CHANNEL,
      (sessionId) => {
        liveSessions.forget(sessionId);
        // Looked up when it happens: the realtime plugin decorates `app.realtime` after this one.
        if (app.hasDecorator('realtime')) app.realtime.disconnectSession(sessionId);
      },
      "ended sessions' tokens stay valid for the cache TTL and their sockets until the token expires",
    );
    const verifyAccessToken = createTokenVerifier({
      loadJwks: () => auth.api.getJwks(),
      issuer: env.PUBLIC_URL,
      audience: env.PUBLIC_URL,
      userExists: (userId) => userExistence.exists(userId),
      sessionIsLive: (sessionId) => liveSessions.holds(sessionId),
    });
    app.decorate('auth', auth);
    app.decorate('mailer', mailer);
    app.decorate('verifyAccessToken', verifyAccessToken);
    // Set per request by the /api/v1 bearer-token hook (modules/auth/require-bearer-token).
    app.decorateRequest('user', null);
    await app.register(authRoutes, {
      auth,
      signInLimiters: {
        perAccountAndIp: createAttemptLimiter({
          name: 'sign-in-account-ip',
          max: options.signInPerAccountAndIp,
          counter: app.limits.counter,
          windowMs: SIGN_IN_LIMIT_WINDOW_MS,
        }),
        knownAddresses: app.limits.createKnownAddresses({
          ttlMs: KNOWN_ADDRESS_TTL_MS,
          maxPerAccount: KNOWN_ADDRESSES_PER_ACCOUNT,
        }),
        perEmail: createAttemptLimiter({
          name: 'sign-in-account',
          max: options.signInPerEmail,
          counter: app.limits.counter,
          windowMs: SIGN_IN_LIMIT_WINDOW_MS,
        }),
        perIp: createAttemptLimiter({
          name: 'sign-in-ip',
          max: options.signInPerIp,
          counter: app.limits.counter,
          windowMs: SIGN_IN_LIMIT_WINDOW_MS,
        }),
      },
    });
  },
  { name: 'auth', dependencies: ['database', 'limits'] },
);
