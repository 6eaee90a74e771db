import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { derivedCounts } from '../utils/derived-counts';
import { DerivedCountLine, DerivedFromLine } from './generation-lineage';

describe('history words for a repainted region', () => {
  it('names a repainted image after its source', () => {
    render(
      <DerivedFromLine
        image={{
          kind: 'inpaint',
          source_generation_id: 'abcdef123456',
          strength: null,
          upscale_factor: null,
        }}
      />,
    );
    expect(screen.getByText(/^Repainted region of/)).toHaveTextContent(
      'Repainted region of image abcdef12',
    );
    expect(screen.getByRole('link', { name: 'image abcdef12' })).toHaveAttribute(
      'href',
      '#generation-abcdef123456',
    );
  });

  it('counts the regions repainted from a source on its row', () => {
    const counts = derivedCounts([
      { kind: 'inpaint', source_generation_id: 'src' },
      { kind: 'variation', source_generation_id: 'src' },
      { kind: 'inpaint', source_generation_id: 'src' },
      { kind: 'generate', source_generation_id: null },
    ]);
    render(<DerivedCountLine count={counts.get('src')} />);
    expect(
      screen.getByText('Made from this image: 1 variation, 2 repainted regions'),
    ).toBeInTheDocument();
  });
});
