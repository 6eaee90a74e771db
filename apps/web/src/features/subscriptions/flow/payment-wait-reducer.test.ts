import { describe, expect, it } from 'vitest';
import {
  paymentWaitReducer,
  refreshDelayMs,
  type PaymentWaitAction,
  type PaymentWaitState,
} from './payment-wait-reducer';

type Row = [string, PaymentWaitState, PaymentWaitAction, PaymentWaitState];

const idle: PaymentWaitState = { status: 'idle' };
const awaiting: PaymentWaitState = { status: 'awaiting-realtime' };
const backingOff = (attempt: number): PaymentWaitState => ({ status: 'backing-off', attempt });
const refreshing = (attempt: number): PaymentWaitState => ({ status: 'refreshing', attempt });
const settled: PaymentWaitState = { status: 'settled' };
const reloading: PaymentWaitState = { status: 'reloading' };

const rows: Row[] = [
  [
    'idle → awaiting realtime when the payment page opens',
    idle,
    { type: 'payment-opened' },
    awaiting,
  ],
  ['opening again restarts the wait', backingOff(2), { type: 'payment-opened' }, awaiting],
  ['a reload in progress stays', reloading, { type: 'payment-opened' }, reloading],
  ['realtime update while waiting settles', awaiting, { type: 'realtime-update' }, settled],
  ['realtime update during back-off settles', backingOff(2), { type: 'realtime-update' }, settled],
  ['realtime update before opening does nothing', idle, { type: 'realtime-update' }, idle],
  ['20 s without realtime → first back-off', awaiting, { type: 'wait-elapsed' }, backingOff(1)],
  ['a stray wait timer is ignored', backingOff(1), { type: 'wait-elapsed' }, backingOff(1)],
  ['back-off elapsed → refresh attempt', backingOff(2), { type: 'backoff-elapsed' }, refreshing(2)],
  ['settled refresh → settled', refreshing(1), { type: 'refresh-done', settled: true }, settled],
  [
    'still pending after 1 → back-off 2',
    refreshing(1),
    { type: 'refresh-done', settled: false },
    backingOff(2),
  ],
  [
    'still pending after 2 → back-off 3',
    refreshing(2),
    { type: 'refresh-done', settled: false },
    backingOff(3),
  ],
  [
    'still pending after 3 → reload',
    refreshing(3),
    { type: 'refresh-done', settled: false },
    reloading,
  ],
  ['failed refresh 1 → back-off 2', refreshing(1), { type: 'refresh-failed' }, backingOff(2)],
  ['all 3 refreshes failed → reload', refreshing(3), { type: 'refresh-failed' }, reloading],
  ['a late refresh answer is ignored', settled, { type: 'refresh-done', settled: false }, settled],
];

describe('payment wait reducer', () => {
  it.each(rows)('%s', (_name, state, action, expected) => {
    expect(paymentWaitReducer(state, action)).toEqual(expected);
  });

  it('backs off 2 s, 4 s, 8 s', () => {
    expect([1, 2, 3].map(refreshDelayMs)).toEqual([2_000, 4_000, 8_000]);
  });
});
