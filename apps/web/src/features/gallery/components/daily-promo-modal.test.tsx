import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GENERATION_COUNT_STORAGE_KEY } from '../../../lib/generation-count';
import { PROMO_STORAGE_KEY } from '../../../lib/promo-day';
import { DailyPromoModal } from './daily-promo-modal';

function renderPromo(eligible: boolean) {
  return render(
    <MemoryRouter>
      <DailyPromoModal eligible={eligible} />
    </MemoryRouter>,
  );
}

const promoTitle = 'Tonight, create without limits';

beforeEach(() => localStorage.setItem(GENERATION_COUNT_STORAGE_KEY, '1'));
afterEach(() => vi.useRealTimers());

describe('daily promo modal', () => {
  it('shows once per calendar day and remembers the day in promoModalShownToday', async () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 22, 23, 50), toFake: ['Date'] });
    const first = renderPromo(true);
    expect(await screen.findByRole('dialog', { name: promoTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Unlock Premium' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(localStorage.getItem(PROMO_STORAGE_KEY)).toBe('2026-11-22');
    first.unmount();

    renderPromo(true).unmount();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    vi.setSystemTime(new Date(2026, 10, 23, 0, 5));
    renderPromo(true);
    expect(await screen.findByRole('dialog', { name: promoTitle })).toBeInTheDocument();
    expect(localStorage.getItem(PROMO_STORAGE_KEY)).toBe('2026-11-23');
  });

  it('never shows to a user who is not eligible (premium, or credits not known yet)', async () => {
    const view = renderPromo(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem(PROMO_STORAGE_KEY)).toBeNull();
    // Eligible once the credits answer says the user is not premium.
    view.rerender(
      <MemoryRouter>
        <DailyPromoModal eligible />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('dialog', { name: promoTitle })).toBeInTheDocument();
  });

  it('waits until the person has generated once, then keeps the once-a-day rule', async () => {
    localStorage.removeItem(GENERATION_COUNT_STORAGE_KEY);
    const first = renderPromo(true);
    // Long enough for the page-load wait the promo opens after.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem(PROMO_STORAGE_KEY)).toBeNull();
    first.unmount();

    localStorage.setItem(GENERATION_COUNT_STORAGE_KEY, '1');
    renderPromo(true);
    expect(await screen.findByRole('dialog', { name: promoTitle })).toBeInTheDocument();
  });
});
