import type { FastifyRequest } from 'fastify';
import type { DbHandle } from '../../db/database';
import { paymentIpnDeliveries } from './billing-tables';
import { readIpnBodyTap } from './ipn-body-tap';

/** An id read from an unverified body is kept to this length at most. */
const ID_MAX_CHARS = 100;

/**
 * One line of the IPN audit trail: what arrived, whether it was signed, what became of it and the
 * status it was answered with. A signed delivery keeps its whole body; an unauthenticated one
 * (bad or missing signature, a body that does not parse, one too large) keeps only its size, its
 * SHA-256 and its first bytes, so a stranger's deliveries cost a bounded row each.
 */
export async function recordIpnDelivery(options: {
  db: DbHandle;
  request: FastifyRequest;
  statusCode: number;
  outcome: string;
  /** The parsed body; absent when it never parsed. */
  body?: unknown;
  signatureValid: boolean;
}): Promise<void> {
  const { request, signatureValid } = options;
  const tap = readIpnBodyTap(request);
  if (tap) tap.recorded = true;
  const declared = Number(request.headers['content-length']);
  const bytes = Math.max(tap?.bytes ?? 0, Number.isFinite(declared) ? declared : 0);
  const fields =
    options.body !== null && typeof options.body === 'object'
      ? (options.body as Record<string, unknown>)
      : {};
  const text = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number'
      ? String(value).slice(0, signatureValid ? undefined : ID_MAX_CHARS)
      : null;
  await options.db.insert(paymentIpnDeliveries).values({
    signatureValid,
    providerPaymentId: text(fields.payment_id),
    paymentStatus: text(fields.payment_status),
    orderId: text(fields.order_id),
    outcome: options.outcome,
    statusCode: options.statusCode,
    body: signatureValid ? (options.body ?? null) : null,
    bodyBytes: bytes,
    bodySha256: tap && tap.bytes > 0 ? tap.hash.copy().digest('hex') : null,
    // Text columns hold no NUL; the head is for reading, the hash identifies the bytes.
    bodyHead:
      signatureValid || !tap ? null : tap.head.toString('utf8').replaceAll('\u0000', '\uFFFD'),
  });
}
