/**
 * The web app's routes (spec §2). The server serves the SPA with status 200 on these and 404 (the
 * app's not-found page) on any other non-API path; the web router uses the same list.
 */
export const PUBLIC_ROUTES = [
  '/',
  '/login',
  '/signup',
  '/success',
  '/failed-payment',
  // Where the mailed password-reset link lands (better-auth adds ?token= or ?error=).
  '/reset-password',
] as const;
export const PROTECTED_ROUTES = [
  '/dashboard',
  '/profile',
  '/history/generations',
  '/history/credits',
  '/subscription',
] as const;
export const APP_ROUTES = [...PUBLIC_ROUTES, ...PROTECTED_ROUTES] as const;
export type AppRoute = (typeof APP_ROUTES)[number];

export function isAppRoute(pathname: string): pathname is AppRoute {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (APP_ROUTES as readonly string[]).includes(normalized);
}

/**
 * The operator's console and its sections (issue 32). The server sends these pages to operators
 * only (anyone else gets 403 and the SPA's not-found page); the web router nests them under one
 * lazy chunk.
 */
export const CONSOLE_PATH = '/admin';

export function isConsolePath(pathname: string): boolean {
  return pathname === CONSOLE_PATH || pathname.startsWith(`${CONSOLE_PATH}/`);
}

/** Where the verification link in the sign-up email lands after confirming the address. */
export const EMAIL_VERIFIED_CALLBACK_PATH = '/login?verified=1';

/** Where the password-reset link lands; the page sets the new password with the token. */
export const RESET_PASSWORD_PATH = '/reset-password';
