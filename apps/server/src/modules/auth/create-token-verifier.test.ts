import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../lib/app-error';
import { ACCESS_TOKEN_ALGORITHM } from './auth-constants';
import { createTokenVerifier } from './create-token-verifier';

const ISSUER = 'http://localhost:3000';

async function setup() {
  const { privateKey, publicKey } = await generateKeyPair(ACCESS_TOKEN_ALGORITHM, {
    crv: 'Ed25519',
  });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: ACCESS_TOKEN_ALGORITHM };
  const existing = new Set(['alice']);
  const liveSessions = new Set(['s1']);
  let userChecks = 0;
  const verify = createTokenVerifier({
    loadJwks: async () => ({ keys: [jwk] }),
    issuer: ISSUER,
    audience: ISSUER,
    userExists: async (userId) => {
      userChecks += 1;
      return existing.has(userId);
    },
    sessionIsLive: async (sessionId) => liveSessions.has(sessionId),
  });
  const sign = (expiresInSeconds: number, claims: Record<string, string> = { sid: 's1' }) =>
    new SignJWT({ email: 'alice@example.com', ...claims })
      .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, kid: 'k1' })
      .setSubject('alice')
      .setIssuer(ISSUER)
      .setAudience(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
      .sign(privateKey);
  return { verify, sign, existing, liveSessions, userChecks: () => userChecks };
}

const refused = (promise: Promise<unknown>) =>
  expect(promise).rejects.toSatisfy(
    (error) => error instanceof AppError && error.code === 'UNAUTHORIZED',
  );

describe('access token verifier', () => {
  afterEach(() => vi.useRealTimers());

  it('checks the user on every call, even for a token it has verified before', async () => {
    const { verify, sign, existing, userChecks } = await setup();
    const token = await sign(60);
    expect((await verify(token)).id).toBe('alice');
    expect((await verify(token)).id).toBe('alice');
    expect(userChecks()).toBe(2);
    existing.delete('alice');
    await refused(verify(token));
  });

  it('refuses a remembered token once its session has ended, and a token naming no session', async () => {
    const { verify, sign, liveSessions } = await setup();
    const token = await sign(60);
    expect(await verify(token)).toMatchObject({ id: 'alice', sessionId: 's1' });
    liveSessions.delete('s1');
    await refused(verify(token));
    liveSessions.add('s1');
    await refused(verify(await sign(60, {})));
  });

  it('stops accepting a remembered token at its exp', async () => {
    const { verify, sign } = await setup();
    const token = await sign(60);
    await verify(token);
    vi.useFakeTimers({ now: Date.now() + 61_000 });
    await refused(verify(token));
  });

  it('never accepts an altered token, remembered or not', async () => {
    const { verify, sign } = await setup();
    const token = await sign(60);
    await verify(token);
    const [header, payload, signature = ''] = token.split('.');
    const flipped = signature[10] === 'A' ? 'B' : 'A';
    const altered = `${header}.${payload}.${signature.slice(0, 10)}${flipped}${signature.slice(11)}`;
    await refused(verify(altered));
  });
});
