import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpVerifiedAndSignIn } from './support/accounts';
import { dismissUpsellAfterResult } from './support/upsell';

/** A desktop with a mouse, and a 390 px phone painted with a finger. */
const DEVICES = [
  { name: 'desktop', width: 1280, height: 800, touch: false },
  { name: 'phone', width: 390, height: 844, touch: true },
] as const;

/** The finished image's own pixel size, once the dialog says it is done. */
async function finishedImageSize(dialog: Locator) {
  await expect(dialog.getByText('Image generated successfully!')).toBeVisible({ timeout: 60_000 });
  const image = dialog.getByRole('img', { name: /generated/i });
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
  return image.evaluate((element: HTMLImageElement) => ({
    width: element.naturalWidth,
    height: element.naturalHeight,
  }));
}

/** One stroke across the middle of the canvas: by mouse, or by a finger dragged over it. */
async function paintAcross(page: Page, canvas: Locator, touch: boolean) {
  const box = (await canvas.boundingBox())!;
  const y = box.y + box.height / 2;
  const points = [0.3, 0.4, 0.5, 0.6, 0.7].map((share) => ({ x: box.x + box.width * share, y }));
  if (!touch) {
    await page.mouse.move(points[0]!.x, y);
    await page.mouse.down();
    for (const point of points.slice(1)) await page.mouse.move(point.x, point.y, { steps: 3 });
    await page.mouse.up();
    return;
  }
  // A real touch sequence: with touch-action none on the canvas, the finger paints, not scrolls.
  const session = await page.context().newCDPSession(page);
  const touchAt = (
    type: 'touchStart' | 'touchMove' | 'touchEnd',
    point?: { x: number; y: number },
  ) => session.send('Input.dispatchTouchEvent', { type, touchPoints: point ? [point] : [] });
  await touchAt('touchStart', points[0]);
  for (const point of points.slice(1)) await touchAt('touchMove', point);
  await touchAt('touchEnd');
}

for (const device of DEVICES) {
  test.describe(`inpainting at ${device.width} px`, () => {
    test.use({ viewport: { width: device.width, height: device.height }, hasTouch: device.touch });

    test('paint a region of a result and get it repainted at the source size', async ({ page }) => {
      test.setTimeout(180_000);
      await signUpVerifiedAndSignIn(page, `inpaint-${device.name}`);
      const header = page.locator('[data-slot="header-credits"]');
      const balance = header.getByTestId('credit-balance-value');
      await header.getByRole('button', { name: 'Get daily credits' }).click();
      await expect(balance).toHaveText('10');

      await page.getByRole('button', { name: 'Generate Image' }).click();
      const dialog = page.getByRole('dialog', { name: 'Generate Image' });
      await dialog.getByLabel('Prompt').fill('A lighthouse on a cliff at dusk');
      await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
      await dismissUpsellAfterResult(page);
      const source = await finishedImageSize(dialog);
      await expect(balance).toHaveText('9');

      await dialog.getByRole('button', { name: /^Edit region, 1 credit/ }).click();
      const editor = page.getByRole('dialog', { name: 'Edit region' });
      const canvas = editor.getByTestId('mask-canvas');
      await expect(canvas).toBeVisible();
      const repaint = editor.getByRole('button', { name: 'Repaint region' });
      await expect(repaint).toBeDisabled();
      await paintAcross(page, canvas, device.touch);
      await expect(editor.getByText('1 stroke painted.')).toBeVisible();
      await editor.getByLabel('What goes there').fill('a glowing window');
      await editor.screenshot({ path: `/tmp/inpaint-editor-${device.width}.png` });
      await page.screenshot({ path: `/tmp/inpaint-page-${device.width}.png` });

      await repaint.click();
      await expect(editor).toBeHidden();
      await dismissUpsellAfterResult(page);
      expect(await finishedImageSize(dialog)).toEqual(source);
      await expect(balance).toHaveText('8');

      await dialog.getByRole('button', { name: 'Close modal' }).click();
      await page.goto('/history/generations');
      const rows = page.getByTestId('generation-row');
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toContainText('Repainted region of image');
      await expect(rows.nth(1)).toContainText('Made from this image: 1 repainted region');
    });
  });
}
