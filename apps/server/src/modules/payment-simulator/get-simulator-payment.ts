import { eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { simulatorInvoices, simulatorPayments } from './payment-simulator-tables';

/** A payment with its invoice, or undefined when the simulator never made that payment. */
export async function getSimulatorPayment(options: { db: DbHandle; paymentId: number }) {
  const [row] = await options.db
    .select({ payment: simulatorPayments, invoice: simulatorInvoices })
    .from(simulatorPayments)
    .innerJoin(simulatorInvoices, eq(simulatorInvoices.id, simulatorPayments.invoiceId))
    .where(eq(simulatorPayments.id, options.paymentId));
  return row;
}
