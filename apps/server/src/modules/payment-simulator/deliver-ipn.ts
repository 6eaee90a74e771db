import type { FastifyInstance } from 'fastify';
import { IPN_SIGNATURE_HEADER } from '../billing/nowpayments-wire';
import { IPN_PATH } from '../billing/payments-config';
import { signIpnBody } from '../billing/sign-ipn-body';
import { isOwnIpnRoute } from './own-urls';

/**
 * POSTs one signed IPN to this server's own IPN route, in-process (no socket: it works in tests
 * and behind proxies where the server cannot reach its own public address), and answers the HTTP
 * status. Invoices are created only with that callback (own-urls.ts); any other stored callback is
 * not called (status 0), so the simulator never signs a body for anyone else.
 */
export async function deliverIpn(options: {
  app: FastifyInstance;
  callbackUrl: string;
  body: unknown;
}): Promise<number> {
  const { app, callbackUrl, body } = options;
  const { publicUrl, ipnSecret } = app.payments.config;
  if (!isOwnIpnRoute(callbackUrl, publicUrl)) {
    app.log.warn({ callbackUrl }, 'payment simulator: IPN callback is not this server, not sent');
    return 0;
  }
  const response = await app.inject({
    method: 'POST',
    url: IPN_PATH,
    headers: {
      'content-type': 'application/json',
      [IPN_SIGNATURE_HEADER]: signIpnBody(body, ipnSecret),
      host: new URL(publicUrl).host,
    },
    payload: JSON.stringify(body),
  });
  return response.statusCode;
}
