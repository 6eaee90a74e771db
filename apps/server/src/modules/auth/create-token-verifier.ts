import { accessTokenClaimsSchema } from '@nocturne/contract/auth/get-token';
import {
  createLocalJWKSet,
  errors,
  jwtVerify,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
} from 'jose';
import { AppError } from '../../lib/app-error';
import { ACCESS_TOKEN_ALGORITHM } from './auth-constants';

export interface TokenUser {
  id: string;
  email: string;
  /** The better-auth session the token was issued for (its `sid` claim). */
  sessionId: string;
  /** When the token stops being valid (its `exp`): a realtime socket is closed then. */
  expiresAt: Date;
}

export type VerifyAccessToken = (token: string) => Promise<TokenUser>;

/** Unknown-kid refreshes are throttled so random kids cannot turn into a database hammer. */
const MIN_RELOAD_INTERVAL_MS = 5_000;

/** Tokens whose signature and claims were checked, remembered until their `exp`. */
const MAX_VERIFIED_TOKENS = 10_000;

/**
 * Verifies the short-lived JWTs better-auth issues, against the server's own JWKS (read through
 * better-auth, cached in memory, reloaded when a token names a key we have not seen: rotation).
 * Only EdDSA, only our issuer and audience, never expired, and only for a user who still exists
 * and a session that is still live (a deleted account's or an ended session's tokens stop at once,
 * not when they expire). A token without a session (`sid`) is refused: a client holding one gets
 * a new token from its session cookie. Every token problem is UNAUTHORIZED.
 */
export function createTokenVerifier(options: {
  loadJwks: () => Promise<JSONWebKeySet>;
  issuer: string;
  audience: string;
  /** A primary-key lookup: cheap enough for every request and every realtime handshake. */
  userExists: (userId: string) => Promise<boolean>;
  /** Whether the token's session still exists and has not expired; as cheap as `userExists`. */
  sessionIsLive: (sessionId: string) => Promise<boolean>;
}): VerifyAccessToken {
  let keySet: Promise<JWTVerifyGetKey> | undefined;
  let loadedAt = 0;

  function reload(): Promise<JWTVerifyGetKey> {
    loadedAt = Date.now();
    keySet = options.loadJwks().then((jwks) => createLocalJWKSet(jwks));
    keySet.catch(() => (keySet = undefined));
    return keySet;
  }

  async function verifyWith(getKey: JWTVerifyGetKey, token: string) {
    const { payload } = await jwtVerify(token, getKey, {
      issuer: options.issuer,
      audience: options.audience,
      algorithms: [ACCESS_TOKEN_ALGORITHM],
      requiredClaims: ['exp', 'sub', 'sid'],
    });
    return payload;
  }

  // The signature check (EdDSA) is most of a request's CPU; a token is immutable, so one that
  // passed stays good until its `exp`. Only the user and session checks repeat per request.
  const verified = new Map<string, TokenUser>();

  async function checkSignatureAndClaims(token: string): Promise<TokenUser> {
    const known = verified.get(token);
    if (known) {
      if (known.expiresAt.getTime() > Date.now()) return known;
      verified.delete(token);
    }
    let payload;
    try {
      payload = await verifyWith(await (keySet ?? reload()), token);
    } catch (error) {
      const stale = Date.now() - loadedAt >= MIN_RELOAD_INTERVAL_MS;
      if (!(error instanceof errors.JWKSNoMatchingKey) || !stale) throw error;
      payload = await verifyWith(await reload(), token);
    }
    const claims = accessTokenClaimsSchema.safeParse(payload);
    if (!claims.success || claims.data.sid === undefined)
      throw new AppError('UNAUTHORIZED', { details: { reason: 'claims' } });
    const user = {
      id: claims.data.sub,
      email: claims.data.email ?? '',
      sessionId: claims.data.sid,
      expiresAt: new Date((payload.exp ?? 0) * 1000),
    };
    if (verified.size >= MAX_VERIFIED_TOKENS) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
    verified.set(token, user);
    return user;
  }

  return async function verifyAccessToken(token) {
    try {
      const user = await checkSignatureAndClaims(token);
      if (!(await options.userExists(user.id))) {
        throw new AppError('UNAUTHORIZED', { details: { reason: 'user deleted' } });
      }
      if (!(await options.sessionIsLive(user.sessionId))) {
        throw new AppError('UNAUTHORIZED', { details: { reason: 'session ended' } });
      }
      return user;
    } catch (error) {
      // A key-store failure is ours (500), not the client's; only token problems are 401.
      if (!(error instanceof errors.JOSEError)) throw error;
      throw new AppError('UNAUTHORIZED', { details: { reason: error.code } });
    }
  };
}
