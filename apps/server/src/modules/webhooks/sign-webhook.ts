import { createHmac } from 'node:crypto';

/**
 * The `Nocturne-Signature` header of a delivery sent at `unixSeconds`: the time, and the hex
 * HMAC-SHA256 under the webhook's secret of `<time>.<body>`, the exact bytes sent (docs/webhooks.md).
 */
export function webhookSignature(secret: string, unixSeconds: number, body: string): string {
  const digest = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${digest}`;
}
