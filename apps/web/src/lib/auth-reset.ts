import { authClient } from './auth-client';
import { tokenManager } from './auth-token';
import { browser } from './browser';
import { paths } from '../config/paths';

/** better-auth names its cookies `better-auth.*` (or `__Secure-better-auth.*` over HTTPS). */
const PROVIDER_COOKIE = /^(__Secure-|__Host-)?better-auth\./;

export function clearProviderCookies(): void {
  for (const entry of document.cookie.split(';')) {
    const name = entry.split('=')[0]?.trim();
    if (!name || !PROVIDER_COOKIE.test(name)) continue;
    const expired = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    document.cookie = expired;
    document.cookie = `${expired}; domain=${window.location.hostname}`;
  }
}

/**
 * Spec §4: unrecoverable authentication clears the provider's artefacts (cookies, local and
 * session storage), signs out and replaces the history entry with /login (or `destination`).
 */
export async function resetAuthAndRedirect(
  destination: string = paths.auth.login.getHref(),
): Promise<void> {
  tokenManager.clear();
  clearProviderCookies();
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Storage can be unavailable (privacy mode); nothing left to clear then.
  }
  try {
    await authClient.signOut();
  } catch (error) {
    console.warn('[auth] Sign-out during auth reset failed', error);
  }
  browser.replace(destination);
}
