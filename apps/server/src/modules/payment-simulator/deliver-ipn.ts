import type { FastifyInstance } from 'fastify';
import { IPN_SIGNATURE_HEADER } from '../payments/nowpayments-wire';
import { signIpnBody } from '../payments/sign-ipn-body';

/** The provider gives up on a callback after a while too; a demo should not hang on a dead URL. */
const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * POSTs one signed IPN to `callbackUrl` and answers the HTTP status (0 when nothing answered).
 * A callback on this server's own origin is delivered in-process: no socket, and it works in tests
 * and behind proxies where the server cannot reach its own public address.
 */
export async function deliverIpn(options: {
  app: FastifyInstance;
  callbackUrl: string;
  body: unknown;
}): Promise<number> {
  const { app, callbackUrl, body } = options;
  const { publicUrl, ipnSecret } = app.payments.config;
  const headers = {
    'content-type': 'application/json',
    [IPN_SIGNATURE_HEADER]: signIpnBody(body, ipnSecret),
  };
  const payload = JSON.stringify(body);
  const target = new URL(callbackUrl);
  if (target.origin === new URL(publicUrl).origin) {
    const response = await app.inject({
      method: 'POST',
      url: `${target.pathname}${target.search}`,
      headers: { ...headers, host: target.host },
      payload,
    });
    return response.statusCode;
  }
  try {
    const response = await fetch(callbackUrl, {
      method: 'POST',
      headers,
      body: payload,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return response.status;
  } catch (error) {
    app.log.warn({ err: error, callbackUrl }, 'payment simulator: IPN not delivered');
    return 0;
  }
}
