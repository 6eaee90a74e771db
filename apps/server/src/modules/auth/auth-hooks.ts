import {
  AGE_CONFIRMATION_REQUIRED_MESSAGE,
  COMMON_PASSWORD_MESSAGE,
  EMAIL_NOT_VERIFIED_MESSAGE,
} from '@nocturne/contract/auth/sign-up';
import { EMAIL_VERIFIED_CALLBACK_PATH } from '@nocturne/contract/app-routes';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { withCheckedName } from './checked-name';
import { isCommonPassword } from './common-passwords';
import { endOtherSessions } from './end-other-sessions';

/** The part of better-auth's internal adapter (ctx.context.internalAdapter) used here. */
interface PendingAccounts {
  findUserByEmail(email: string): Promise<{ user: { id: string; emailVerified: boolean } } | null>;
  deleteUser(userId: string): Promise<unknown>;
}

/**
 * A sign-up for an address whose account was never verified starts over: the pending account
 * (and its password) goes, and better-auth creates the new one and mails a fresh link. Otherwise
 * whoever signed up first with someone else's address would set the password the owner's
 * verification then unlocks.
 */
async function replaceUnverifiedAccount(adapter: PendingAccounts, email: unknown) {
  if (typeof email !== 'string') return;
  const found = await adapter.findUserByEmail(email.trim().toLowerCase());
  if (found && !found.user.emailVerified) await adapter.deleteUser(found.user.id);
}

/** Where a new password is chosen, and the body field that carries it. */
const NEW_PASSWORD_FIELD: Record<string, string> = {
  '/sign-up/email': 'password',
  '/change-password': 'newPassword',
  '/reset-password': 'newPassword',
};

/** Endpoints whose verification link must land on the web app's "verified" page. */
const SENDS_VERIFICATION_LINK = new Set(['/sign-up/email', '/send-verification-email']);

/**
 * Runs before every better-auth endpoint. A new password (sign-up, change, reset) must not be one
 * of the most common ones; sign-up requires the 18+ confirmation (docs/architecture.md#content-rules); both
 * verification-mail endpoints default their callbackURL so the emailed link works whether or not
 * the client passed one.
 */
export const beforeAuthHook = createAuthMiddleware(async (ctx) => {
  const named = withCheckedName(ctx.path, (ctx.body ?? {}) as Record<string, unknown>);
  const body = named ?? ((ctx.body ?? {}) as Record<string, unknown>);
  const passwordField = NEW_PASSWORD_FIELD[ctx.path];
  const newPassword = passwordField ? body[passwordField] : undefined;
  if (typeof newPassword === 'string' && isCommonPassword(newPassword)) {
    throw new APIError('BAD_REQUEST', {
      code: 'PASSWORD_TOO_COMMON',
      message: COMMON_PASSWORD_MESSAGE,
    });
  }
  if (ctx.path === '/sign-up/email' && body.ageConfirmed === true) {
    await replaceUnverifiedAccount(ctx.context.internalAdapter, body.email);
  }
  if (ctx.path === '/change-password') {
    // The person unticked "Sign out of other devices": the after hook leaves them signed in.
    if (body.revokeOtherSessions === false && ctx.request) keepOtherSessions.add(ctx.request);
    // The after hook ends the other sessions; better-auth's way would end the caller's too.
    return { context: { body: { ...body, revokeOtherSessions: false } } };
  }
  if (!SENDS_VERIFICATION_LINK.has(ctx.path)) return named && { context: { body } };
  if (ctx.path === '/sign-up/email' && body.ageConfirmed !== true) {
    throw new APIError('BAD_REQUEST', {
      code: 'AGE_CONFIRMATION_REQUIRED',
      message: AGE_CONFIRMATION_REQUIRED_MESSAGE,
    });
  }
  if (typeof body.callbackURL !== 'string' || body.callbackURL === '') {
    return { context: { body: { ...body, callbackURL: EMAIL_VERIFIED_CALLBACK_PATH } } };
  }
  return named && { context: { body } };
});

/** Password changes whose person chose to stay signed in on their other devices. */
const keepOtherSessions = new WeakSet<Request>();

/**
 * A successful password change ends the person's other sessions (end-other-sessions.ts) unless
 * they chose to stay signed in there (`revokeOtherSessions: false`; the default ends them).
 * better-auth answers an unverified sign-in with 403 EMAIL_NOT_VERIFIED and a terse message; keep
 * the code (the web app keys its "Resend verification email" offer on it) but send the product's
 * wording.
 */
export const afterAuthHook = createAuthMiddleware(async (ctx) => {
  const returned = ctx.context.returned;
  if (ctx.path === '/two-factor/verify-totp' && !(returned instanceof APIError)) {
    // A signed-in person's first code turns two-factor on, and better-auth replaces their session
    // with a new one. Their other sessions never passed a second step: they end (an operator's
    // console trusts every session of a person with two-factor on).
    const fresh = ctx.context.newSession;
    if (ctx.context.session && fresh) {
      await endOtherSessions(ctx.context.internalAdapter, {
        userId: fresh.user.id,
        token: fresh.session.token,
      });
    }
    return;
  }
  if (ctx.path === '/change-password' && !(returned instanceof APIError)) {
    if (ctx.request && keepOtherSessions.has(ctx.request)) return;
    const current = await getSessionFromCtx(ctx);
    if (current) await endOtherSessions(ctx.context.internalAdapter, current.session);
    return;
  }
  if (ctx.path !== '/sign-in/email') return;
  if (returned instanceof APIError && returned.body?.code === 'EMAIL_NOT_VERIFIED') {
    throw new APIError('FORBIDDEN', {
      code: 'EMAIL_NOT_VERIFIED',
      message: EMAIL_NOT_VERIFIED_MESSAGE,
    });
  }
});
