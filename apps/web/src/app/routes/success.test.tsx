import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser';
import { CLOSE_CHECK_DELAY_MS, REDIRECT_DELAY_MS, SuccessRoute } from './success';

function renderSuccess() {
  render(
    <MemoryRouter initialEntries={['/success']}>
      <Routes>
        <Route path="/success" element={<SuccessRoute />} />
        <Route path="/subscription" element={<p>subscription page</p>} />
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
});
