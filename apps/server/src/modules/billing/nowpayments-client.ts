import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import {
  apiStatusSchema,
  invoiceSchema,
  paymentSchema,
  type CreateInvoiceRequest,
  type Invoice,
  type Payment,
} from './nowpayments-wire';

/** What Nocturne asks of NOWPayments (the real API or the built-in simulator, same wire format). */
export interface NowPaymentsClient {
  createInvoice(request: CreateInvoiceRequest): Promise<Invoice>;
  getPayment(paymentId: string): Promise<Payment>;
  getStatus(): Promise<{ message: string }>;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface NowPaymentsClientOptions {
  /** e.g. https://api.nowpayments.io/v1 (no trailing slash). */
  apiUrl: string;
  apiKey: string;
  /** Per call; the provider is slow at times, a person should not wait forever. */
  timeoutMs?: number;
  /** Defaults to global fetch; the in-process simulator passes one that calls the app directly. */
  fetch?: FetchLike;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Every failure (no answer, timeout, non-2xx, an answer that does not parse) becomes
 * PAYMENT_PROVIDER_UNAVAILABLE with what happened in `details` (logged, never sent).
 */
export function createNowPaymentsClient(options: NowPaymentsClientOptions): NowPaymentsClient {
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    body?: unknown,
  ): Promise<z.output<S>> {
    const url = `${options.apiUrl}${path}`;
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method,
        headers: {
          'x-api-key': options.apiKey,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', {
        details: { method, url, reason: 'no answer' },
        cause: error,
      });
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) {
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', {
        details: { method, url, status: response.status, body: text.slice(0, 500) },
      });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', {
        details: { method, url, reason: 'answer is not JSON', body: text.slice(0, 500) },
        cause: error,
      });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', {
        details: { method, url, reason: 'unexpected answer', issues: parsed.error.issues },
      });
    }
    return parsed.data;
  }

  return {
    createInvoice: (request) => call('POST', '/invoice', invoiceSchema, request),
    getPayment: (paymentId) =>
      call('GET', `/payment/${encodeURIComponent(paymentId)}`, paymentSchema),
    getStatus: () => call('GET', '/status', apiStatusSchema),
  };
}
