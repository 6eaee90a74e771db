/**
 * diffusers' EulerDiscreteScheduler as SD-Turbo configures it: `scaled_linear` betas,
 * 1000 training steps, `trailing` timestep spacing, epsilon prediction.
 */
export interface EulerSchedulerConfig {
  trainSteps: number;
  betaStart: number;
  betaEnd: number;
}

export const SD_TURBO_SCHEDULER: EulerSchedulerConfig = {
  trainSteps: 1000,
  betaStart: 0.00085,
  betaEnd: 0.012,
};

export interface EulerSchedule {
  /** Timesteps fed to the UNet, highest first. */
  timesteps: number[];
  /** One sigma per timestep plus a final 0. */
  sigmas: number[];
  /** Scale of the initial Gaussian noise (equals the largest sigma for trailing spacing). */
  initNoiseSigma: number;
}

/** sigma_t = sqrt((1 - alphā_t) / alphā_t) for every training timestep. */
export function trainingSigmas(config: EulerSchedulerConfig = SD_TURBO_SCHEDULER): Float64Array {
  const { trainSteps, betaStart, betaEnd } = config;
  const sigmas = new Float64Array(trainSteps);
  const from = Math.sqrt(betaStart);
  const to = Math.sqrt(betaEnd);
  let alphaCumprod = 1;
  for (let t = 0; t < trainSteps; t++) {
    const root = trainSteps === 1 ? from : from + ((to - from) * t) / (trainSteps - 1);
    alphaCumprod *= 1 - root * root;
    sigmas[t] = Math.sqrt((1 - alphaCumprod) / alphaCumprod);
  }
  return sigmas;
}

/** Trailing spacing: round(arange(T, 0, -T/steps)) - 1, e.g. 4 steps → 999, 749, 499, 249. */
export function trailingTimesteps(steps: number, trainSteps: number): number[] {
  if (!Number.isInteger(steps) || steps < 1 || steps > trainSteps) {
    throw new RangeError(`steps must be an integer in 1…${trainSteps}, got ${steps}`);
  }
  const ratio = trainSteps / steps;
  return Array.from({ length: steps }, (_, i) => Math.round(trainSteps - i * ratio) - 1);
}

export function createEulerSchedule(
  steps: number,
  config: EulerSchedulerConfig = SD_TURBO_SCHEDULER,
): EulerSchedule {
  const all = trainingSigmas(config);
  const timesteps = trailingTimesteps(steps, config.trainSteps);
  const sigmas = [...timesteps.map((t) => all[t] as number), 0];
  return { timesteps, sigmas, initNoiseSigma: Math.max(...sigmas) };
}

/** The UNet sees the noisy latent scaled to unit variance: x / sqrt(sigma² + 1). */
export function scaleModelInput(sample: Float32Array, sigma: number): Float32Array {
  const scale = 1 / Math.sqrt(sigma * sigma + 1);
  const out = new Float32Array(sample.length);
  for (let i = 0; i < sample.length; i++) out[i] = (sample[i] as number) * scale;
  return out;
}

/** Euler step for epsilon prediction: x_next = x + eps · (sigma_next − sigma). In place. */
export function eulerStep(
  sample: Float32Array,
  noisePrediction: Float32Array,
  sigma: number,
  sigmaNext: number,
): void {
  const dt = sigmaNext - sigma;
  for (let i = 0; i < sample.length; i++) {
    sample[i] = (sample[i] as number) + (noisePrediction[i] as number) * dt;
  }
}

/**
 * The tail of a schedule an image-to-image run denoises: its last `run` timesteps, their sigmas
 * and the final 0. The source's latent is noised to the first of these sigmas.
 */
export function scheduleTail(schedule: EulerSchedule, run: number): EulerSchedule {
  const start = schedule.timesteps.length - run;
  if (!Number.isInteger(run) || run < 1 || start < 0) {
    throw new RangeError(`run must be 1…${schedule.timesteps.length} steps, got ${run}`);
  }
  const sigmas = schedule.sigmas.slice(start);
  return { timesteps: schedule.timesteps.slice(start), sigmas, initNoiseSigma: sigmas[0] ?? 0 };
}

/** The clean sample the model currently predicts (epsilon prediction): x − sigma · eps. */
export function predictOriginal(
  sample: Float32Array,
  noisePrediction: Float32Array,
  sigma: number,
): Float32Array {
  const out = new Float32Array(sample.length);
  for (let i = 0; i < sample.length; i++) {
    out[i] = (sample[i] as number) - sigma * (noisePrediction[i] as number);
  }
  return out;
}
