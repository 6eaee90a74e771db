import type { payments } from './billing-tables';

/** One `payments` row (one invoice). */
export type PaymentRow = typeof payments.$inferSelect;
