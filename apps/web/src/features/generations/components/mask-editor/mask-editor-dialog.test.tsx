import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { drawnOn, installFakeCanvas, readFakePng } from '../../../../../test/support/fake-canvas';
import {
  openMaskEditor,
  paintStroke,
  renderDeriveButtons,
  serveInpaint,
  SHOWN_WIDTH,
} from '../../../../../test/features/generations/mask-editor-harness';
import { catalogModel } from '../../../../../test/features/generations/model-fixtures';

beforeEach(() => installFakeCanvas());

/** Painting, typing and a request: a few seconds on a busy machine. */
const SLOW = { timeout: 20_000 };

const repaint = () => screen.getByRole('button', { name: 'Repaint region' });
const strokesOn = (canvas: HTMLCanvasElement) => drawnOn(canvas).filter((op) => op.op === 'stroke');

describe('Edit region: offered by capability', SLOW, () => {
  it('is offered beside Vary with its price where the model can repaint a region', () => {
    renderDeriveButtons();
    const group = screen.getByRole('group', { name: 'Make more from this image' });
    expect(within(group).getByRole('button', { name: 'Edit region, 1 credit' })).toBeEnabled();
  });

  it('is absent where the model cannot, and where there is no image to paint on', () => {
    renderDeriveButtons({ models: [catalogModel('turbo', { is_default: true })] });
    expect(screen.getByRole('button', { name: /^Vary \(subtle\)/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit region/ })).not.toBeInTheDocument();
  });

  it('is off with the reason when the balance is short', () => {
    renderDeriveButtons({ credits: { isPremium: false, balance: 0 } });
    expect(
      screen.getByRole('button', { name: 'Edit region, Needs 1 credit; you have 0.' }),
    ).toBeDisabled();
  });
});

describe('the mask editor', SLOW, () => {
  it('says painting needs a pointer, and enables Repaint once something is painted', async () => {
    const { user } = renderDeriveButtons();
    const { dialog, canvas } = await openMaskEditor(user);
    expect(dialog).toHaveAccessibleDescription(/Painting needs a mouse, pen or finger/);
    expect(canvas).toHaveClass('touch-none');
    expect(within(dialog).getByTestId('inpaint-cost')).toHaveTextContent('1 credit');
    expect(repaint()).toBeDisabled();
    paintStroke(
      canvas,
      [
        [10, 10],
        [60, 40],
      ],
      'touch',
    );
    expect(repaint()).toBeEnabled();
    expect(strokesOn(canvas).length).toBeGreaterThan(0);
    expect(within(dialog).getByText('1 stroke painted.')).toBeInTheDocument();
  });

  it('takes back a stroke at a time (Undo, Ctrl+Z) and all of them (Clear)', async () => {
    const { user } = renderDeriveButtons();
    const { canvas } = await openMaskEditor(user);
    paintStroke(canvas, [[10, 10]]);
    paintStroke(canvas, [
      [20, 20],
      [30, 30],
    ]);
    expect(screen.getByText('2 strokes painted.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByText('1 stroke painted.')).toBeInTheDocument();
    expect(strokesOn(canvas)).toHaveLength(1);
    paintStroke(canvas, [[40, 40]]);
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Brush size' }), {
      key: 'z',
      ctrlKey: true,
    });
    expect(screen.getByText('1 stroke painted.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('Nothing painted yet.')).toBeInTheDocument();
    expect(strokesOn(canvas)).toHaveLength(0);
    expect(repaint()).toBeDisabled();
  });

  it('erases with the eraser: the overlay is cleared there and the mask is black there', async () => {
    const calls = serveInpaint();
    const { user } = renderDeriveButtons();
    const { canvas } = await openMaskEditor(user, 700, 700);
    paintStroke(canvas, [
      [10, 10],
      [100, 10],
    ]);
    await user.click(screen.getByRole('radio', { name: 'Eraser' }));
    paintStroke(canvas, [[50, 10]]);
    const erased = strokesOn(canvas).at(-1);
    expect(erased).toMatchObject({ composite: 'destination-out' });
    await user.click(repaint());
    await waitFor(() => expect(calls).toHaveLength(1));
    const mask = readFakePng((calls[0]!.body as { mask: string }).mask);
    const strokes = mask.ops.filter((op) => op.op === 'stroke');
    expect(strokes.map((op) => op.colour)).toEqual(['#ffffff', '#ffffff', '#000000']);
    expect(strokes.at(-1)).toMatchObject({ from: [100, 20], to: [100, 20] });
  });

  it('sends a PNG at the image’s own size, white where painted, with the prompt and strength', async () => {
    const calls = serveInpaint();
    const { user, onDerive } = renderDeriveButtons();
    const { canvas } = await openMaskEditor(user, 512, 768);
    fireEvent.change(screen.getByRole('slider', { name: 'Brush size' }), {
      target: { value: '70' },
    });
    paintStroke(canvas, [
      [35, 35],
      [175, 35],
    ]);
    await user.type(screen.getByLabelText('What goes there'), '  a red door ');
    fireEvent.change(screen.getByRole('slider', { name: 'Strength' }), {
      target: { value: '0.6' },
    });
    expect(screen.getByRole('slider', { name: 'Strength' })).toHaveAccessibleDescription(
      /100% paints it anew/,
    );
    await user.click(repaint());
    await waitFor(() => expect(calls).toHaveLength(1));
    const { path, body, key } = calls[0]!;
    expect(path).toBe('/api/v1/generations/gen-1/inpaint');
    expect(key).toEqual(expect.any(String));
    const sent = body as { mask: string; prompt: string; strength: number };
    expect(sent).toMatchObject({ prompt: 'a red door', strength: 0.6 });
    expect(sent.mask).toMatch(/^data:image\/png;base64,/);
    const mask = readFakePng(sent.mask);
    const scale = 512 / SHOWN_WIDTH;
    expect(mask).toMatchObject({ type: 'image/png', width: 512, height: 768 });
    expect(mask.ops[0]).toEqual({ op: 'fill', colour: '#000000', width: 512, height: 768 });
    expect(mask.ops.at(-1)).toMatchObject({
      op: 'stroke',
      colour: '#ffffff',
      width: 70 * scale,
      from: [35 * scale, 35 * scale],
      to: [175 * scale, 35 * scale],
    });
    await waitFor(() =>
      expect(onDerive).toHaveBeenCalledWith({
        kind: 'inpaint',
        mask: sent.mask,
        prompt: 'a red door',
        strength: 0.6,
        requestId: 'inpaint-1',
      }),
    );
    expect(screen.queryByRole('dialog', { name: 'Edit region' })).not.toBeInTheDocument();
  });

  it('leaves the prompt out when left empty, so the image’s own is used', async () => {
    const calls = serveInpaint();
    const { user } = renderDeriveButtons();
    const { canvas } = await openMaskEditor(user);
    expect(screen.getByLabelText('What goes there')).toHaveAttribute(
      'placeholder',
      'a moonlit owl',
    );
    paintStroke(canvas, [[5, 5]]);
    await user.click(repaint());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).not.toHaveProperty('prompt');
    expect(calls[0]!.body).toMatchObject({ strength: 0.9 });
  });

  it('shows the server’s refusal in the dialog and keeps the mask to send again', async () => {
    let call = 0;
    const calls = serveInpaint(() =>
      ++call === 1
        ? HttpResponse.json(
            { error: 'MASK_INVALID', message: PRODUCT_ERRORS.MASK_INVALID.message },
            { status: 422 },
          )
        : HttpResponse.json({ requestId: 'inpaint-2' }),
    );
    const { user, onDerive } = renderDeriveButtons();
    const { dialog, canvas } = await openMaskEditor(user);
    paintStroke(canvas, [
      [10, 10],
      [40, 40],
    ]);
    await user.click(repaint());
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      PRODUCT_ERRORS.MASK_INVALID.message,
    );
    expect(onDerive).not.toHaveBeenCalled();
    expect(screen.getByText('1 stroke painted.')).toBeInTheDocument();
    expect(strokesOn(canvas).length).toBeGreaterThan(0);
    expect(repaint()).toBeEnabled();
    await user.click(repaint());
    await waitFor(() => expect(onDerive).toHaveBeenCalledTimes(1));
    expect(calls[1]!.body).toEqual(calls[0]!.body);
    expect(calls[1]!.key).toBe(calls[0]!.key);
  });

  it('prices it as included for premium people', async () => {
    const { user } = renderDeriveButtons({ credits: { isPremium: true, balance: 0 } });
    expect(screen.getByRole('button', { name: 'Edit region, free' })).toBeEnabled();
    const { dialog } = await openMaskEditor(user);
    expect(within(dialog).getByTestId('inpaint-cost')).toHaveTextContent('Included in Premium');
  });
});
