import { PAYMENT_WINDOW_MINUTES } from '@nocturne/contract/constants';
import { eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { simulatorInvoices } from './payment-simulator-tables';
import { hashPageToken } from './create-simulator-invoice';

export type SimulatorInvoice = typeof simulatorInvoices.$inferSelect;

const WINDOW_MS = PAYMENT_WINDOW_MINUTES * 60_000;

/** A page secret as createSimulatorInvoice makes it: 32 random bytes, base64url. */
export const PAGE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The invoice whose page secret is `pageToken`, or undefined (unknown or malformed secret). */
export async function findSimulatorInvoice(options: { db: DbHandle; pageToken: string }) {
  if (!PAGE_TOKEN_PATTERN.test(options.pageToken)) return undefined;
  const [invoice] = await options.db
    .select()
    .from(simulatorInvoices)
    .where(eq(simulatorInvoices.pageTokenHash, hashPageToken(options.pageToken)));
  return invoice;
}

/** When the invoice's payment window closes (spec: a 15-minute payment window). */
export function invoiceExpiresAt(invoice: Pick<SimulatorInvoice, 'createdAt'>): Date {
  return new Date(invoice.createdAt.getTime() + WINDOW_MS);
}
