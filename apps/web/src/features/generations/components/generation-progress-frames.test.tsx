import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImageSlot } from '../types';
import { GenerationProgressStep } from './generation-progress-step';

function slot(index: number, preview: boolean): ImageSlot {
  return {
    index,
    generationId: `gen-${index}`,
    status: 'processing',
    progress: 0.3,
    queuePosition: null,
    waitSeconds: null,
    seed: null,
    imageSrc: null,
    error: null,
    preview: preview ? { src: 'data:image/webp;base64,UklG', step: 2, steps: 8 } : null,
  };
}

function renderStep(images: ImageSlot[], queuePosition: number | null) {
  return render(
    <GenerationProgressStep
      prompt="a wide owl"
      progress={30}
      message="AI is generating your image..."
      queuePosition={queuePosition}
      imageCount={2}
      aspectRatio="16:9"
      images={images}
      onCancel={() => {}}
    />,
  );
}

/** The progress frames have the result's ratio from the start; nothing moves (issue 44 item 4). */
describe('generation progress: frames that do not move', () => {
  it('draws one 16:9 frame per image before any preview, and the previews in the same frames', () => {
    const view = renderStep([slot(0, false), slot(1, false)], null);
    const before = view.container.querySelectorAll<HTMLElement>('[style*="aspect-ratio"]');
    expect(before).toHaveLength(2);
    expect([...before].map((frame) => frame.style.aspectRatio)).toEqual(['16 / 9', '16 / 9']);
    const gridBefore = before[0]!.parentElement!.className;

    view.rerender(
      <GenerationProgressStep
        prompt="a wide owl"
        progress={40}
        message="AI is generating your image..."
        queuePosition={null}
        imageCount={2}
        aspectRatio="16:9"
        images={[slot(0, true), slot(1, false)]}
        onCancel={() => {}}
      />,
    );
    const frames = screen.getAllByTestId('live-preview-frame');
    expect(frames.map((frame) => frame.style.aspectRatio)).toEqual(['16 / 9', '16 / 9']);
    expect(frames[0]!.parentElement!.className).toBe(gridBefore);
  });

  it('keeps the queue line room after the queue ends, so Cancel stays put', () => {
    const view = renderStep([slot(0, false), slot(1, false)], 3);
    const queueRoom = screen.getByTestId('generation-queue').parentElement!;
    expect(queueRoom.className).toContain('min-h-');
    view.rerender(
      <GenerationProgressStep
        prompt="a wide owl"
        progress={40}
        message="AI is generating your image..."
        queuePosition={null}
        imageCount={2}
        aspectRatio="16:9"
        images={[slot(0, false), slot(1, false)]}
        onCancel={() => {}}
      />,
    );
    expect(screen.queryByTestId('generation-queue')).toBeNull();
    expect(queueRoom).toBeInTheDocument();
    expect(queueRoom.className).toContain('min-h-');
  });
});
