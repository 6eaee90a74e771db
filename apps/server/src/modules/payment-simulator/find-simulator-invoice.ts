import { PAYMENT_WINDOW_MINUTES } from '@nocturne/contract/constants';
import { eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { simulatorInvoices } from '../../db/payment-simulator-schema';

export type SimulatorInvoice = typeof simulatorInvoices.$inferSelect;

const WINDOW_MS = PAYMENT_WINDOW_MINUTES * 60_000;

/** The invoice, or undefined when there is none with that id. */
export async function findSimulatorInvoice(options: { db: DbHandle; invoiceId: number }) {
  const [invoice] = await options.db
    .select()
    .from(simulatorInvoices)
    .where(eq(simulatorInvoices.id, options.invoiceId));
  return invoice;
}

/** When the invoice's payment window closes (spec: a 15-minute payment window). */
export function invoiceExpiresAt(invoice: Pick<SimulatorInvoice, 'createdAt'>): Date {
  return new Date(invoice.createdAt.getTime() + WINDOW_MS);
}
