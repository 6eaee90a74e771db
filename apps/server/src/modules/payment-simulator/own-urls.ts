import type { CreateInvoiceRequest } from '../billing/nowpayments-wire';
import { IPN_PATH } from '../billing/payments-config';

/**
 * The simulator calls back and sends people only to this server: an invoice naming any other
 * address would make it a signing oracle (validly signed IPNs posted anywhere), a request forger
 * reaching inside the network, and an open redirect.
 */

function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** True when `url` is exactly this server's IPN route (PUBLIC_URL + IPN_PATH, no query). */
export function isOwnIpnRoute(url: string, publicUrl: string): boolean {
  const target = parseUrl(url);
  return (
    target !== null &&
    target.origin === new URL(publicUrl).origin &&
    target.pathname === IPN_PATH &&
    target.search === '' &&
    target.hash === '' &&
    target.username === '' &&
    target.password === ''
  );
}

/** True when `url` is on this server's origin (PUBLIC_URL). */
export function isOwnOrigin(url: string, publicUrl: string): boolean {
  const target = parseUrl(url);
  return (
    target !== null &&
    target.origin === new URL(publicUrl).origin &&
    target.username === '' &&
    target.password === ''
  );
}

/** Why the invoice request names a foreign address, or undefined when it names none. */
export function foreignUrlProblem(
  request: CreateInvoiceRequest,
  publicUrl: string,
): string | undefined {
  if (!isOwnIpnRoute(request.ipn_callback_url, publicUrl)) {
    const route = `${publicUrl}${IPN_PATH}`;
    return `ipn_callback_url: the simulator only notifies this server's IPN route, ${route}`;
  }
  const redirects = {
    success_url: request.success_url,
    cancel_url: request.cancel_url,
    partially_paid_url: request.partially_paid_url,
  };
  for (const [field, url] of Object.entries(redirects)) {
    if (url !== undefined && !isOwnOrigin(url, publicUrl)) {
      return `${field}: the simulator only sends people back to this server, ${publicUrl}`;
    }
  }
  return undefined;
}
