import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser';
import { CLOSE_CHECK_DELAY_MS, REDIRECT_DELAY_MS, SuccessRoute } from './success';

function renderSuccess(entry = '/success') {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/success" element={<SuccessRoute />} />
        <Route path="/subscription" element={<p>subscription page</p>} />
        <Route path="/history/credits" element={<p>credit history page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

function countDown() {
  for (let second = 0; second < 10; second += 1) {
    act(() => vi.advanceTimersByTime(1000));
  }
}

describe('/success', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts down 10 seconds, then closes the tab; links to subscription and dashboard', () => {
    const closeWindow = vi.spyOn(browser, 'closeWindow').mockImplementation(() => {});
    vi.spyOn(browser, 'isWindowClosed').mockReturnValue(true);
    renderSuccess();
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
    act(() => vi.advanceTimersByTime(CLOSE_CHECK_DELAY_MS + REDIRECT_DELAY_MS));
    expect(screen.queryByText(/could not close itself/)).not.toBeInTheDocument();
  });

  it('a tab the browser will not close says so and goes to /subscription', () => {
    vi.spyOn(browser, 'closeWindow').mockImplementation(() => {});
    vi.spyOn(browser, 'isWindowClosed').mockReturnValue(false);
    renderSuccess();
    countDown();
    act(() => vi.advanceTimersByTime(CLOSE_CHECK_DELAY_MS));
    expect(screen.getByRole('status')).toHaveTextContent(
      'This tab could not close itself. Taking you to your subscription…',
    );
    expect(screen.queryByText(/closes in 0 seconds/)).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(REDIRECT_DELAY_MS));
    expect(screen.getByText('subscription page')).toBeInTheDocument();
  });

  it('after a credit pack names the credits, says when they arrive and links where they show', () => {
    vi.spyOn(browser, 'closeWindow').mockImplementation(() => {});
    vi.spyOn(browser, 'isWindowClosed').mockReturnValue(false);
    renderSuccess('/success?credits=500');
    expect(screen.getByRole('heading', { name: 'Payment Successful!' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Thank you for buying 500 credits. They arrive in your balance as soon as the payment is confirmed on the network.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Premium/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View Subscription' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Credit History' })).toHaveAttribute(
      'href',
      '/history/credits',
    );
    countDown();
    act(() => vi.advanceTimersByTime(CLOSE_CHECK_DELAY_MS));
    expect(screen.getByRole('status')).toHaveTextContent('Taking you to your credit history…');
    act(() => vi.advanceTimersByTime(REDIRECT_DELAY_MS));
    expect(screen.getByText('credit history page')).toBeInTheDocument();
  });

  it('a credits value that is not a positive count is read as a plan', () => {
    vi.spyOn(browser, 'closeWindow').mockImplementation(() => {});
    renderSuccess('/success?credits=-3');
    expect(screen.getByText(/Premium activates/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Subscription' })).toBeInTheDocument();
  });
});
