import { describe, expect, it } from 'vitest';
import { explainLoadFailure } from './explain-load-failure';

describe('explainLoadFailure', () => {
  it('names the operator the CPU provider lacks', () => {
    const text = explainLoadFailure(
      new Error("Could not find an implementation for GroupNorm(1) node with name 'GroupNorm_0'"),
    );
    expect(text).toMatch(/^unsupported operator GroupNorm \(opset 1\)/);
  });

  it('says when memory ran out', () => {
    expect(explainLoadFailure(new Error('std::bad_alloc'))).toMatch(/^not enough memory/);
  });

  it('passes anything else through', () => {
    expect(explainLoadFailure('odd')).toBe('odd');
  });
});
