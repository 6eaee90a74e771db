import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createInvoiceRequestSchema,
  type CreateInvoiceRequest,
} from '../src/modules/billing/nowpayments-wire';

const API_KEY = 'fake-nowpayments-api-key';
const IPN_SECRET = 'fake-nowpayments-ipn-secret';
/** The provider numbers invoices from a large sequence; ours starts past a realistic one. */
const FIRST_INVOICE_ID = 5_000_001;

/** What the tests see and steer of the fake provider. */
export interface FakeNowPayments {
  /** NOWPAYMENTS_API_URL, NOWPAYMENTS_API_KEY and NOWPAYMENTS_IPN_SECRET for this server. */
  env: Record<string, string>;
  /** Every well-formed, authorized POST /v1/invoice body, in order of arrival. */
  requests: CreateInvoiceRequest[];
  /** Every payment id asked for with GET /v1/payment/{id}, in order. */
  calls: string[];
  /** down: every connection is closed unanswered; delayMs: answers wait that long. */
  state: { down: boolean; delayMs: number };
  /** What GET /v1/payment/{payment_id} answers for that id from now on. */
  setPayment(body: Record<string, unknown>): void;
  close(): Promise<void>;
}

interface FakeState {
  stored: Map<string, Record<string, unknown>>;
  requests: CreateInvoiceRequest[];
  calls: string[];
  state: { down: boolean; delayMs: number };
  nextInvoiceId: number;
}

/** The provider's error body: `{ status: false, statusCode, code, message }`. */
function sendError(response: ServerResponse, statusCode: number, code: string, message: string) {
  sendJson(response, statusCode, { status: false, statusCode, code, message });
}

function sendJson(response: ServerResponse, statusCode: number, body: unknown) {
  response.writeHead(statusCode, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** POST /v1/invoice: the answer carries `id` and `price_amount` as strings, as the provider's does. */
async function createInvoice(fake: FakeState, request: IncomingMessage, response: ServerResponse) {
  const body = await readJson(request);
  const parsed = createInvoiceRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`;
    return sendError(response, 400, 'INVALID_REQUEST_PARAMS', message);
  }
  fake.requests.push(body as CreateInvoiceRequest);
  const id = String(fake.nextInvoiceId++);
  const now = new Date().toISOString();
  const invoice = parsed.data;
  sendJson(response, 200, {
    id,
    token_id: null,
    order_id: invoice.order_id,
    order_description: invoice.order_description,
    price_amount: String(invoice.price_amount),
    price_currency: invoice.price_currency,
    pay_currency: invoice.pay_currency ?? null,
    ipn_callback_url: invoice.ipn_callback_url,
    invoice_url: `https://nowpayments.io/payment/?iid=${id}`,
    success_url: invoice.success_url,
    cancel_url: invoice.cancel_url,
    partially_paid_url: invoice.partially_paid_url ?? null,
    created_at: now,
    updated_at: now,
    is_fixed_rate: invoice.is_fixed_rate ?? false,
    is_fee_paid_by_user: invoice.is_fee_paid_by_user ?? false,
  });
}

/**
 * GET /v1/payment/{payment_id}: the body a test stored. Any id a test stored is answered (tests
 * name payments by words), an unknown one is the provider's 404.
 */
function getPayment(fake: FakeState, paymentId: string, response: ServerResponse) {
  fake.calls.push(paymentId);
  const stored = fake.stored.get(paymentId);
  if (!stored) return sendError(response, 404, 'PAYMENT_NOT_FOUND', 'Payment not found');
  sendJson(response, 200, stored);
}

/** Routes one request as the provider's API v1 does; every call but the status needs the key. */
async function answer(fake: FakeState, request: IncomingMessage, response: ServerResponse) {
  if (fake.state.down) {
    request.socket.destroy();
    return;
  }
  const { pathname } = new URL(request.url ?? '/', 'http://fake');
  if (request.method === 'GET' && pathname === '/v1/status') {
    return sendJson(response, 200, { message: 'OK' });
  }
  if (request.headers['x-api-key'] !== API_KEY) {
    return sendError(response, 403, 'INVALID_API_KEY', 'Invalid api key');
  }
  if (fake.state.delayMs > 0) await new Promise((done) => setTimeout(done, fake.state.delayMs));
  if (request.method === 'POST' && pathname === '/v1/invoice') {
    return createInvoice(fake, request, response);
  }
  const payment = /^\/v1\/payment\/([^/]+)$/.exec(pathname);
  if (request.method === 'GET' && payment) {
    return getPayment(fake, decodeURIComponent(payment[1]!), response);
  }
  sendError(response, 404, 'NOT_FOUND', 'Not found');
}

/**
 * A stand-in for NOWPayments over HTTP on a free local port, at the wire format the provider
 * documents: POST /v1/invoice, GET /v1/payment/{id} and GET /v1/status, the `x-api-key` header
 * (403 without the right one), 400 for a malformed invoice, 404 for an unknown payment. The app
 * reaches it as production reaches the provider: through the settings in `env`.
 */
export async function startFakeNowPayments(): Promise<FakeNowPayments> {
  const fake: FakeState = {
    stored: new Map(),
    requests: [],
    calls: [],
    state: { down: false, delayMs: 0 },
    nextInvoiceId: FIRST_INVOICE_ID,
  };
  const server = createServer((request, response) => {
    answer(fake, request, response).catch(() => request.socket.destroy());
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    env: {
      NOWPAYMENTS_API_URL: `http://127.0.0.1:${port}/v1`,
      NOWPAYMENTS_API_KEY: API_KEY,
      NOWPAYMENTS_IPN_SECRET: IPN_SECRET,
    },
    requests: fake.requests,
    calls: fake.calls,
    state: fake.state,
    setPayment(body) {
      fake.stored.set(String(body.payment_id), body);
    },
    async close() {
      const closed = new Promise<void>((done) => server.close(() => done()));
      server.closeAllConnections();
      await closed;
    },
  };
}
