import { describe, expect, it } from 'vitest';
import {
  createEulerSchedule,
  eulerStep,
  scaleModelInput,
  trailingTimesteps,
  trainingSigmas,
} from './euler-discrete';

const SIGMAS_4 = [14.6146, 4.0817, 1.6129, 0.6932];

describe('Euler discrete scheduler, trailing spacing', () => {
  it('uses timestep 999 and sigma 14.6146 for one step', () => {
    const schedule = createEulerSchedule(1);
    expect(schedule.timesteps).toEqual([999]);
    expect(schedule.sigmas[0]).toBeCloseTo(14.6146, 3);
    expect(schedule.sigmas[1]).toBe(0);
    expect(schedule.initNoiseSigma).toBeCloseTo(14.6146, 3);
  });

  it('uses timesteps 999/749/499/249 for four steps with decreasing sigmas', () => {
    const schedule = createEulerSchedule(4);
    expect(schedule.timesteps).toEqual([999, 749, 499, 249]);
    expect(schedule.sigmas).toHaveLength(5);
    for (let i = 1; i < schedule.sigmas.length; i++) {
      expect(schedule.sigmas[i]).toBeLessThan(schedule.sigmas[i - 1] as number);
    }
    // sqrt((1-ᾱ)/ᾱ) at those timesteps, computed independently in float64 Python.
    expect(schedule.sigmas.slice(0, 4).map((s) => Number(s.toFixed(4)))).toEqual(SIGMAS_4);
  });

  it('matches the scaled_linear sigma endpoints', () => {
    const sigmas = trainingSigmas();
    expect(sigmas[0]).toBeCloseTo(Math.sqrt(0.00085 / (1 - 0.00085)), 6);
    expect(sigmas[999]).toBeCloseTo(14.6146, 3);
  });

  it('rejects impossible step counts', () => {
    expect(() => trailingTimesteps(0, 1000)).toThrow(RangeError);
    expect(() => trailingTimesteps(1.5, 1000)).toThrow(RangeError);
  });

  it('scales model input to unit variance and steps x + eps·(σnext − σ)', () => {
    expect([...scaleModelInput(Float32Array.from([3, -6]), Math.sqrt(8))]).toEqual([1, -2]);
    const sample = Float32Array.from([10, 20]);
    eulerStep(sample, Float32Array.from([1, 2]), 10, 0);
    expect([...sample]).toEqual([0, 0]);
  });
});
