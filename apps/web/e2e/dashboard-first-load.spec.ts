import { expect, test } from '@playwright/test';
import { signUpVerifiedAndSignIn } from './support/accounts';

declare global {
  interface Window {
    __layoutShift: number;
    __cspViolations: string[];
  }
}

/**
 * Issue 9: /dashboard's first load does not move what is already on screen (Lighthouse's CLS) and
 * logs no error for a new user's expected 404 on /credits, nor breaks the CSP (Lighthouse's best
 * practices count both: zod's eval probe, for one, if a schema is built before it is told not to
 * compile). The CPU is slowed 4× as Lighthouse does,
 * so the session, the credits, the gallery and the engine status arrive in separate frames.
 */
for (const width of [390, 1280]) {
  test(`/dashboard loads without layout shift or console errors at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    await signUpVerifiedAndSignIn(page, `first-load-${width}`);

    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.addInitScript(() => {
      window.__layoutShift = 0;
      window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        window.__cspViolations.push(`${event.violatedDirective} ${event.sourceFile}`);
      });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as PerformanceEntry[] & { value: number }[]) {
          window.__layoutShift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

    await page.reload();
    await expect(page.getByText('Your gallery is empty')).toBeVisible();
    await expect(page.getByTestId('credit-balance-value')).toBeVisible();
    await page.waitForLoadState('networkidle');

    expect(await page.evaluate(() => window.__layoutShift)).toBeLessThan(0.01);
    expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
    // The browser itself still reports the 404's response; the app logs nothing about it.
    expect(errors.filter((text) => !text.startsWith('Failed to load resource'))).toEqual([]);
  });
}
