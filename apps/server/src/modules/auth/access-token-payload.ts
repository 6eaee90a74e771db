import { toExpJWT } from 'better-auth/plugins';
import { ACCESS_TOKEN_TTL } from './auth-constants';

/** What better-auth's JWT plugin hands `definePayload`: the session behind `GET /token`. */
export interface TokenSession {
  user: { email: string; name: string };
  session: { id: string; expiresAt: Date };
}

/**
 * The claims an access token carries besides `sub`, `iss`, `aud` and `iat`: `sid` names the
 * session, so the token dies with it (create-token-verifier.ts), and the token never outlives the
 * session's own expiry (`exp` is the earlier of the two).
 */
export function accessTokenPayload({ user, session }: TokenSession, now = Date.now()) {
  const sessionEnds = Math.floor(session.expiresAt.getTime() / 1000);
  const tokenEnds = toExpJWT(ACCESS_TOKEN_TTL, Math.floor(now / 1000));
  return {
    email: user.email,
    name: user.name,
    sid: session.id,
    ...(sessionEnds < tokenEnds ? { exp: sessionEnds } : {}),
  };
}
