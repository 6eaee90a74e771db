import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANDING_SAMPLES } from '../data/samples';
import { SampleArtwork } from './sample-artwork';

/** The drawing itself, with React's generated ids taken out, to compare scenes with each other. */
function drawing(svg: Element): string {
  return svg.innerHTML.replace(/«[^»]*»|:r[0-9a-z]+:|_r_[0-9a-z]+_/g, 'ID');
}

describe('sample artwork', () => {
  it('gives each of the 10 sample prompts its own illustration with its own alt text', () => {
    const labels = new Set<string>();
    const drawings = new Set<string>();
    for (const sample of LANDING_SAMPLES) {
      const { unmount } = render(<SampleArtwork sample={sample} />);
      const image = screen.getByRole('img');
      const label = image.getAttribute('aria-label') ?? '';
      expect(label.length).toBeGreaterThan(20);
      labels.add(label);
      drawings.add(drawing(image));
      unmount();
    }
    expect(labels.size).toBe(LANDING_SAMPLES.length);
    expect(drawings.size).toBe(LANDING_SAMPLES.length);
  });

  it('keeps two copies of one scene on a page apart (their gradient ids differ)', () => {
    const sample = LANDING_SAMPLES[0]!;
    const { container } = render(
      <>
        <SampleArtwork sample={sample} />
        <SampleArtwork sample={sample} />
      </>,
    );
    const ids = [...container.querySelectorAll('[id]')].map((node) => node.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
