import { describe, expect, it } from 'vitest';
import {
  formatCredits,
  canGenerate,
  formatCooldown,
  getCreditColour,
  getCreditStatusMessage,
  getGenerationBadge,
  hasSufficientCredits,
  showLowCreditsBadge,
  showRequestCreditsButton,
  type CreditStatusInput,
} from './credit-status';

const base: CreditStatusInput = {
  balance: 0,
  isPremium: false,
  isNewUser: false,
  canRequestCredits: false,
  nextEligibleAt: null,
};
const now = new Date('2026-11-21T12:00:00Z');

describe('credit status messages (spec §2)', () => {
  it('premium wins over everything', () => {
    expect(getCreditStatusMessage({ ...base, isPremium: true, balance: 0 }, now)).toBe(
      'Premium - Unlimited generations',
    );
  });

  it('welcomes a new user who can request', () => {
    const state = { ...base, isNewUser: true, canRequestCredits: true };
    expect(getCreditStatusMessage(state, now)).toBe(
      'Welcome! Get your daily credits to start generating.',
    );
  });

  it('asks an existing user to get daily credits when allowed', () => {
    expect(getCreditStatusMessage({ ...base, canRequestCredits: true }, now)).toBe(
      'No credits remaining. Get daily credits to continue.',
    );
  });

  it('shows the cooldown when the next time is known', () => {
    const nextEligibleAt = new Date(now.getTime() + (3 * 3600 + 25 * 60) * 1000);
    expect(getCreditStatusMessage({ ...base, nextEligibleAt }, now)).toBe(
      'No credits remaining. Next daily credits in 3h 25m',
    );
  });

  it('falls back to purchase advice', () => {
    expect(getCreditStatusMessage(base, now)).toBe(
      'No credits remaining. Purchase more to continue.',
    );
  });

  it('uses singular, plural and locale grouping', () => {
    expect(getCreditStatusMessage({ ...base, balance: 1 }, now)).toBe('1 credit remaining');
    expect(getCreditStatusMessage({ ...base, balance: 10 }, now)).toBe('10 credits remaining');
    expect(getCreditStatusMessage({ ...base, balance: 12345 }, now, 'en-US')).toBe(
      '12,345 credits remaining',
    );
  });
});

describe('formatCooldown', () => {
  it.each([
    [0, 'Available now'],
    [-5000, 'Available now'],
    [45_000, '45s'],
    [(3 * 60 + 20) * 1000, '3m 20s'],
    [(2 * 3600 + 5 * 60 + 59) * 1000, '2h 5m'],
    [24 * 3600 * 1000, '24h 0m'],
  ])('%i ms → %s', (ms, text) => {
    expect(formatCooldown(ms)).toBe(text);
  });
});

describe('colours, badges and gates', () => {
  it('colours 0 red, below 5 yellow, else green', () => {
    expect([0, 1, 4, 5, 100].map(getCreditColour)).toEqual([
      'red',
      'yellow',
      'yellow',
      'green',
      'green',
    ]);
  });

  it('shows Low Credits only between 1 and 4 for non-premium users', () => {
    expect(showLowCreditsBadge({ balance: 0, isPremium: false })).toBe(false);
    expect(showLowCreditsBadge({ balance: 4, isPremium: false })).toBe(true);
    expect(showLowCreditsBadge({ balance: 5, isPremium: false })).toBe(false);
    expect(showLowCreditsBadge({ balance: 3, isPremium: true })).toBe(false);
  });

  it('offers the request button at 2 or less when allowed', () => {
    expect(
      showRequestCreditsButton({ balance: 2, isPremium: false, canRequestCredits: true }),
    ).toBe(true);
    expect(
      showRequestCreditsButton({ balance: 3, isPremium: false, canRequestCredits: true }),
    ).toBe(false);
    expect(
      showRequestCreditsButton({ balance: 0, isPremium: false, canRequestCredits: false }),
    ).toBe(false);
    expect(showRequestCreditsButton({ balance: 0, isPremium: true, canRequestCredits: true })).toBe(
      false,
    );
  });

  it('lets premium users or positive balances generate', () => {
    expect(canGenerate({ balance: 0, isPremium: true })).toBe(true);
    expect(canGenerate({ balance: 0, isPremium: false })).toBe(false);
    expect(canGenerate({ balance: 1, isPremium: false })).toBe(true);
    expect(hasSufficientCredits({ balance: 1, isPremium: false }, 2)).toBe(false);
    expect(hasSufficientCredits({ balance: 2, isPremium: false }, 2)).toBe(true);
  });

  it('awards Artist at 5 and Creator at 10 generations', () => {
    expect([0, 4, 5, 9, 10, 50].map(getGenerationBadge)).toEqual([
      null,
      null,
      'Artist',
      'Artist',
      'Creator',
      'Creator',
    ]);
  });
});

describe('formatCredits', () => {
  it('groups thousands in the locale asked for', () => {
    expect(formatCredits(1234567, 'en-US')).toBe('1,234,567');
    expect(formatCredits(1234567, 'de-DE')).toBe('1.234.567');
    expect(formatCredits(0, 'en-US')).toBe('0');
  });

  it('builds a locale formatter once, not on every call (the header formats on each render)', () => {
    const Original = Intl.NumberFormat;
    let built = 0;
    class Counting extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        built += 1;
      }
    }
    Intl.NumberFormat = Counting as typeof Intl.NumberFormat;
    try {
      expect([1, 2, 3].map((n) => formatCredits(n * 1000, 'fr-FR'))).toHaveLength(3);
    } finally {
      Intl.NumberFormat = Original;
    }
    expect(built).toBe(1);
  });
});
