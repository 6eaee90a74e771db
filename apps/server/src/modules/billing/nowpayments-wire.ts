import { z } from 'zod';

/**
 * The NOWPayments wire format (API v1), as the provider documents and sends it: the client parses
 * answers with these, the simulator answers with them. Ids and amounts arrive as strings in some
 * answers and numbers in others, so both are accepted and normalized (ids → string, amounts →
 * number). Unknown fields pass through: the provider adds fields without notice.
 */

const id = z.union([z.string().min(1), z.number()]).transform(String);
const amount = z.union([z.number(), z.string().min(1)]).pipe(z.coerce.number());
const optionalAmount = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((value) =>
    value === null || value === undefined || value === '' ? null : Number(value),
  );

/** POST /v1/invoice body. */
export const createInvoiceRequestSchema = z.object({
  price_amount: z.number().positive(),
  price_currency: z.string(),
  order_id: z.string().min(1),
  order_description: z.string(),
  ipn_callback_url: z.url(),
  success_url: z.url(),
  cancel_url: z.url(),
  partially_paid_url: z.url().optional(),
  is_fixed_rate: z.boolean().optional(),
  is_fee_paid_by_user: z.boolean().optional(),
  pay_currency: z.string().optional(),
});
export type CreateInvoiceRequest = z.infer<typeof createInvoiceRequestSchema>;

/** POST /v1/invoice answer: `id` and `price_amount` are strings on the wire. */
export const invoiceSchema = z.looseObject({
  id,
  order_id: z.string().nullable(),
  order_description: z.string().nullable().optional(),
  price_amount: amount,
  price_currency: z.string(),
  pay_currency: z.string().nullable().optional(),
  ipn_callback_url: z.string().nullable().optional(),
  invoice_url: z.url(),
  success_url: z.string().nullable().optional(),
  cancel_url: z.string().nullable().optional(),
  partially_paid_url: z.string().nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const paymentStatusSchema = z.enum([
  'waiting',
  'confirming',
  'confirmed',
  'sending',
  'partially_paid',
  'finished',
  'failed',
  'expired',
  'refunded',
]);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** GET /v1/payment/{payment_id} answer. */
export const paymentSchema = z.looseObject({
  payment_id: id,
  invoice_id: id.nullable().optional(),
  payment_status: paymentStatusSchema,
  pay_address: z.string().nullable().optional(),
  price_amount: amount,
  price_currency: z.string(),
  pay_amount: optionalAmount,
  actually_paid: optionalAmount,
  pay_currency: z.string().nullable().optional(),
  order_id: z.string().nullable(),
  order_description: z.string().nullable().optional(),
  purchase_id: id.nullable().optional(),
  created_at: z.string().optional(),
  // An ISO string in GET /payment answers, epoch milliseconds in the provider's IPNs.
  updated_at: z.union([z.string(), z.number()]).optional(),
  outcome_amount: optionalAmount,
  outcome_currency: z.string().nullable().optional(),
});
export type Payment = z.infer<typeof paymentSchema>;

/**
 * An IPN body (POST to ipn_callback_url, signed in `x-nowpayments-sig`): the payment's fields plus
 * `fee` (an object) and a few more. Parsed only after the signature matched the raw JSON.
 */
export const ipnBodySchema = paymentSchema.extend({
  actually_paid_at_fiat: optionalAmount,
  fee: z
    .looseObject({
      currency: z.string().optional(),
      depositFee: z.number().optional(),
      withdrawalFee: z.number().optional(),
      serviceFee: z.number().optional(),
    })
    .nullable()
    .optional(),
  parent_payment_id: id.nullable().optional(),
  payin_extra_id: z.string().nullable().optional(),
});
export type IpnBody = z.infer<typeof ipnBodySchema>;

/** GET /v1/status answer. */
export const apiStatusSchema = z.object({ message: z.string() });

/** The header carrying the IPN signature. */
export const IPN_SIGNATURE_HEADER = 'x-nowpayments-sig';
