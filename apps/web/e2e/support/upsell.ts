import { expect, type Page } from '@playwright/test';

/** The upgrade offer a free person gets over each finished generation. */
export const UPSELL_DIALOG_NAME = 'Unlock unlimited imagination';

/**
 * Meets the upgrade offer as a person does. It opens a moment after every free person's
 * generation finishes and, while open, takes the generation dialog out of the accessibility tree,
 * so a spec that reads the result first races it. Waiting for the offer is waiting for the
 * result; the spec dismisses it with "Maybe later" and then reads the result underneath.
 */
export async function dismissUpsellAfterResult(page: Page, timeout = 60_000): Promise<void> {
  const upsell = page.getByRole('dialog', { name: UPSELL_DIALOG_NAME });
  await upsell.getByRole('button', { name: 'Maybe later' }).click({ timeout });
  await expect(upsell).toBeHidden();
}
