/** The order id of a plan granted by hand: one per reference, so a reference grants once. */
export const MANUAL_ORDER_PREFIX = 'manual:';

export function manualOrderId(reference: string): string {
  return `${MANUAL_ORDER_PREFIX}${reference}`;
}
