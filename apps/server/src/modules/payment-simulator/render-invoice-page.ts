import { PAYMENT_WINDOW_MINUTES } from '@nocturne/contract/constants';
import { escapeHtml } from '../../lib/escape-html';
import { SIMULATOR_PREFIX } from '../billing/payments-config';
import { invoiceExpiresAt, type SimulatorInvoice } from './find-simulator-invoice';
import { redirectUrl } from './ipn-sequence';
import { INVOICE_PAGE_STYLE } from './invoice-page-style';
import {
  coinAddress,
  coinAmount,
  DEFAULT_SIMULATOR_COIN,
  findSimulatorCoin,
  SIMULATOR_COINS,
} from './simulator-coins';

export const INVOICE_PAGE_SCRIPT_PATH = `${SIMULATOR_PREFIX}/assets/invoice-page.js`;

function formatPrice(amount: string, currency: string): string {
  const value = Number(amount).toFixed(2);
  return currency.toLowerCase() === 'usd' ? `$${value}` : value;
}

/** Nocturne's mark inline (the page's CSP allows data: images): no request, and no 404 for it. */
export const SIMULATOR_FAVICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="16" fill="#0b0a14"/><path d="M40 14a20 20 0 1 0 10 30A16 16 0 0 1 40 14z" fill="#8b5cf6"/></svg>',
)}`;

/**
 * The hosted invoice page (server-rendered; the buttons' behaviour is in invoice-page.js, as the
 * CSP allows no inline script). Everything the script needs travels in data- attributes.
 */
export function renderInvoicePage(
  invoice: SimulatorInvoice,
  pageToken: string,
  now: Date = new Date(),
): string {
  const price = formatPrice(invoice.priceAmount, invoice.priceCurrency);
  const remainingMs = Math.max(0, invoiceExpiresAt(invoice).getTime() - now.getTime());
  const chosen = findSimulatorCoin(invoice.payCurrency)?.code ?? DEFAULT_SIMULATOR_COIN;
  const coins = SIMULATOR_COINS.map((coin) => {
    const amount = coinAmount(Number(invoice.priceAmount), coin);
    return `<label class="coin"><input type="radio" name="coin" value="${coin.code}"
      data-amount="${amount} ${coin.code.toUpperCase()}" data-address="${coinAddress(invoice.id, coin)}"
      ${coin.code === chosen ? 'checked' : ''}>${escapeHtml(coin.name)}</label>`;
  }).join('');

  const body = invoice.outcome
    ? `<section class="card"><h1>This invoice is closed</h1>
        <p>Its payment ended as <strong>${invoice.outcome.replace('_', ' ')}</strong>.</p>
        <a class="button primary" href="${escapeHtml(redirectUrl(invoice.outcome, invoice))}">Continue</a></section>`
    : `<section class="card">
        <p class="muted">Invoice #${invoice.id}</p>
        <h1>${escapeHtml(invoice.orderDescription)}</h1>
        <p class="price">${price}<small>${escapeHtml(invoice.priceCurrency.toUpperCase())}</small></p>
        <fieldset><legend>Pay with</legend><div class="coins">${coins}</div></fieldset>
        <div class="send"><div class="muted">Send exactly</div><div class="amount" id="amount"></div>
          <div class="muted">to this made-up address</div><div class="address" id="address"></div></div>
        <div class="timer"><span>Time left to pay (${PAYMENT_WINDOW_MINUTES} minutes)</span><output id="countdown"></output></div>
        <fieldset class="options"><legend>Simulator options</legend>
          <label><input type="checkbox" id="duplicates"> Send duplicate IPNs</label>
          <label><input type="checkbox" id="out-of-order"> Send IPNs out of order</label></fieldset>
        <div class="actions">
          <button type="button" class="primary" data-outcome="finished">Pay in full</button>
          <button type="button" data-outcome="partially_paid">Pay partially</button>
          <button type="button" class="danger" data-outcome="failed">Fail</button>
          <button type="button" data-outcome="expired">Let it expire</button>
        </div>
        <p class="status" id="status" role="status" aria-live="polite"></p>
      </section>`;

  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>NOWPayments simulator · Invoice #${invoice.id}</title>
<link rel="icon" type="image/svg+xml" href="${SIMULATOR_FAVICON}">
<style>${INVOICE_PAGE_STYLE}</style>
<script src="${INVOICE_PAGE_SCRIPT_PATH}" defer></script>
</head>
<body data-pay-url="${SIMULATOR_PREFIX}/invoices/${pageToken}/pay" data-remaining-ms="${remainingMs}">
<main>
<div class="banner" role="note"><strong>NOCTURNE NOWPAYMENTS SIMULATOR</strong>
This is not NOWPayments. No real money moves: the coins, amounts and addresses below are made up,
and the buttons only tell Nocturne what a real payment would have done.</div>
${body}
</main></body></html>`;
}
