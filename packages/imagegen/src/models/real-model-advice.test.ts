import { describe, expect, it } from 'vitest';
import { CATALOG, RECOMMENDED_MODEL } from './catalog';
import { realModelAdvice } from './real-model-advice';

describe('the advice the start-up log gives on the preview', () => {
  it('recommends a model any paid service may run, before SD-Turbo, with IMAGE_MODEL to select it', () => {
    expect(CATALOG.get(RECOMMENDED_MODEL)?.licence.commercialUse).toBe(true);
    const advice = realModelAdvice();
    expect(advice).toMatch(
      /^install a real model: `npm run models -- pull sdxs-512-dreamshaper` with IMAGE_MODEL=sdxs-512-dreamshaper — CreativeML Open RAIL\+\+-M/,
    );
    expect(advice.indexOf('pull sdxs-512-dreamshaper')).toBeLessThan(
      advice.indexOf('pull sd-turbo'),
    );
  });

  it("says each licence and its conditions, never SD-Turbo's old non-commercial one", () => {
    const advice = realModelAdvice();
    expect(advice).toMatch(/`npm run models -- pull sd-turbo` — Stability AI Community License/);
    expect(advice).toMatch(/under USD 1,000,000 a year/);
    expect(advice).toMatch(/"Powered by Stability AI"/);
    expect(advice).toMatch(/enforceable part of the service's terms of use/);
    expect(advice).not.toMatch(/Non-Commercial|research/i);
  });
});
