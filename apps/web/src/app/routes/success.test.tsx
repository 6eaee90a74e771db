import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser';
import { SuccessRoute } from './success';

describe('/success', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts down 10 seconds, then closes the tab; links to subscription and dashboard', () => {
    const closeWindow = vi.spyOn(browser, 'closeWindow').mockImplementation(() => {});
    render(
      <MemoryRouter>
        <SuccessRoute />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Subscription' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.getByRole('timer')).toHaveTextContent('10 seconds');

    for (let second = 0; second < 9; second += 1) {
      act(() => vi.advanceTimersByTime(1000));
    }
    expect(screen.getByRole('timer')).toHaveTextContent('1 second.');
    expect(closeWindow).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(closeWindow).toHaveBeenCalledTimes(1);
  });
});
