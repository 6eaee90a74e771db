import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { vi } from 'vitest';
import type { CatalogModel } from '@nocturne/contract/models/list-models';
import { modelsQueryKey } from '../../../src/features/generations/api/get-models';
import { DeriveButtons } from '../../../src/features/generations/components/derive-buttons';
import type { MaskEditorSource } from '../../../src/features/generations/components/mask-editor/mask-editor-dialog';
import type { DeriveCredits } from '../../../src/features/generations/utils/derive-actions';
import { createQueryClient } from '../../../src/lib/query-client';
import { server } from '../../support/msw-server';
import { catalogModel } from './model-fixtures';

/** A model that can repaint a region, at 1 credit a variation. */
export const INPAINT_MODEL = catalogModel('studio', {
  is_default: true,
  capabilities: { variations: true, upscale: [2], inpaint: true, withheld_reason: null },
});

export const SOURCE: MaskEditorSource = {
  id: 'gen-1',
  imageSrc: 'https://images.test/gen-1.png',
  prompt: 'a moonlit owl',
};

/** The width the image is shown at: a 390 px phone's dialog. */
export const SHOWN_WIDTH = 350;

/** Vary, Upscale and Edit region of SOURCE, as a result or a history row shows them. */
export function renderDeriveButtons({
  models = [INPAINT_MODEL],
  credits = { isPremium: false, balance: 5 },
  source = SOURCE,
}: {
  models?: CatalogModel[];
  credits?: DeriveCredits;
  source?: MaskEditorSource;
} = {}) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(modelsQueryKey, models);
  const onDerive = vi.fn();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <DeriveButtons model={null} credits={credits} source={source} onDerive={onDerive} />
    </QueryClientProvider>,
  );
  return { user, onDerive };
}

/** The shown image has loaded at its own size `width`×`height`; the canvas is then laid out. */
export async function loadSourceImage(dialog: HTMLElement, width: number, height: number) {
  const image = within(dialog).getByRole<HTMLImageElement>('img', { name: /image to repaint/ });
  Object.defineProperty(image, 'naturalWidth', { value: width, configurable: true });
  Object.defineProperty(image, 'naturalHeight', { value: height, configurable: true });
  fireEvent.load(image);
  const canvas = await within(dialog).findByTestId<HTMLCanvasElement>('mask-canvas');
  const shown = { left: 0, top: 0, width: SHOWN_WIDTH, height: (SHOWN_WIDTH * height) / width };
  canvas.getBoundingClientRect = () =>
    ({ ...shown, x: 0, y: 0, right: shown.width, bottom: shown.height }) as DOMRect;
  return canvas;
}

/** Opens the mask editor on a `width`×`height` image; returns the dialog and its canvas. */
export async function openMaskEditor(
  user: ReturnType<typeof userEvent.setup>,
  width = 512,
  height = 768,
) {
  await user.click(screen.getByRole('button', { name: /^Edit region/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit region' });
  return { dialog, canvas: await loadSourceImage(dialog, width, height) };
}

/** One stroke through `points` (shown pixels), as a mouse, pen or finger draws it. */
export function paintStroke(
  canvas: HTMLCanvasElement,
  points: Array<[number, number]>,
  pointerType: 'mouse' | 'pen' | 'touch' = 'mouse',
) {
  const at = ([clientX, clientY]: [number, number]) => ({
    pointerId: 7,
    pointerType,
    button: 0,
    clientX,
    clientY,
  });
  fireEvent.pointerDown(canvas, at(points[0]!));
  points.slice(1).forEach((point) => fireEvent.pointerMove(canvas, at(point)));
  fireEvent.pointerUp(canvas, at(points[points.length - 1]!));
}

/** POST …/inpaint answered by `answer` (default `{ requestId: 'inpaint-1' }`); returns each call. */
export function serveInpaint(
  answer: () => Response = () => HttpResponse.json({ requestId: 'inpaint-1' }),
) {
  const calls: Array<{ path: string; body: unknown; key: string | null }> = [];
  server.use(
    http.post('*/api/v1/generations/:id/inpaint', async ({ request }) => {
      const path = new URL(request.url).pathname;
      calls.push({ path, body: await request.json(), key: request.headers.get('idempotency-key') });
      return answer();
    }),
  );
  return calls;
}
