import { describe, expect, it } from 'vitest';
import { stepsKeepingSource, stepsToRun } from '../image-to-image';
import {
  createEulerSchedule,
  eulerStep,
  predictOriginal,
  scheduleTail,
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

describe('image-to-image schedule', () => {
  it('runs the last ceil(steps × strength) steps, at least one, without float slips', () => {
    expect([0.35, 0.5, 0.7, 1].map((s) => stepsToRun(4, s))).toEqual([2, 2, 3, 4]);
    // 25 × 0.28 is 7.000000000000001 in floating point: still 7 steps.
    expect(stepsToRun(25, 0.28)).toBe(7);
    expect(stepsToRun(4, 0.01)).toBe(1);
    expect(stepsToRun(1, 0.35)).toBe(1);
  });

  it('lengthens a schedule too short to keep the source, and only that', () => {
    expect([0.35, 0.7, 0.3].map((s) => stepsKeepingSource(1, s))).toEqual([2, 4, 2]);
    expect(stepsKeepingSource(4, 0.35)).toBe(4);
    expect(stepsKeepingSource(2, 0.7)).toBe(4);
    expect(stepsKeepingSource(1, 1)).toBe(1);
  });

  it('starts the tail at the sigma of its first timestep and ends at 0', () => {
    const tail = scheduleTail(createEulerSchedule(4), 2);
    expect(tail.timesteps).toEqual([499, 249]);
    expect(tail.sigmas.map((s) => Number(s.toFixed(4)))).toEqual([1.6129, 0.6932, 0]);
    expect(tail.initNoiseSigma).toBe(tail.sigmas[0]);
    expect(scheduleTail(createEulerSchedule(4), 4)).toEqual(createEulerSchedule(4));
    expect(() => scheduleTail(createEulerSchedule(4), 5)).toThrow(RangeError);
  });

  it('predicts the clean sample as x − sigma · eps', () => {
    const x0 = predictOriginal(Float32Array.from([3, -1]), Float32Array.from([1, -0.5]), 2);
    expect([...x0]).toEqual([1, 0]);
  });
});
