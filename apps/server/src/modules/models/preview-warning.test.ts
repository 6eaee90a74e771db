import { describe, expect, it } from 'vitest';
import { previewWarning } from './preview-warning';

describe('the start-up warning on the preview model', () => {
  it('recommends a model a paid service may run, and says each licence and its conditions', () => {
    const warning = previewWarning('preview');
    expect(warning).toMatch(
      /^Model "preview" makes abstract previews, not real images: install a real model: `npm run models -- pull sdxs-512-dreamshaper` with IMAGE_MODEL=sdxs-512-dreamshaper — CreativeML Open RAIL\+\+-M/,
    );
    expect(warning).toMatch(/terms of use/);
    expect(warning).toMatch(
      /Or `npm run models -- pull sd-turbo` — Stability AI Community License .*USD 1,000,000.*registered.*"Powered by Stability AI"/,
    );
    expect(warning).not.toMatch(/Non-Commercial|research/i);
    expect(warning).toMatch(/\(docs\/models\.md\)$/);
  });
});
