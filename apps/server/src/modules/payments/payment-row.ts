import type { payments } from '../../db/payments-schema';

/** One `payments` row (one invoice). */
export type PaymentRow = typeof payments.$inferSelect;
