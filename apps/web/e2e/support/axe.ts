import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: what issue 47 holds every screen to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The screen sizes every state is checked at: a desktop and a phone. */
export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/**
 * Runs axe over the page as it is and fails on any WCAG A or AA violation, naming each rule and
 * the elements it found. Label-in-name (WCAG 2.5.3) is axe's experimental rule, turned on here.
 */
export async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  // options() replaces every option, so the tags (runOnly) are set after it.
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(WCAG_TAGS)
    .analyze();
  const found = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.nodes
        .map((node) => node.target.join(' '))
        .join(' | ')}`,
  );
  expect(found, `axe on ${state}`).toEqual([]);
}
