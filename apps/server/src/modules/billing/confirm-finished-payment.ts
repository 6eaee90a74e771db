import type { NowPaymentsClient } from './nowpayments-client';
import type { Payment } from './nowpayments-wire';

/**
 * The provider waits 3 s for an IPN answer; the confirmation must leave time for the database.
 * A payment not confirmed in time is neither claimed nor granted: the provider's retry or
 * reconciliation applies it later.
 */
export const CONFIRM_TIMEOUT_MS = 1_500;

/** The provider's answer to GET /payment/{id}, or undefined when it did not answer in time. */
export async function confirmFinishedPayment(
  client: NowPaymentsClient,
  paymentId: string,
  timeoutMs = CONFIRM_TIMEOUT_MS,
): Promise<Payment | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), timeoutMs);
  });
  try {
    return await Promise.race([client.getPayment(paymentId), timeout]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}
