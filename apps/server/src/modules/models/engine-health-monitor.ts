import type { ImageGenerator } from '@nocturne/imagegen/create-image-generator';
import { PROBE_TIMEOUT_MS, READY, type EngineProbe } from '@nocturne/imagegen/engine-probe';
import type { WorkerModelHealth } from '../../db/worker-models-schema';
import type { Logger } from '../../lib/create-logger';
import type { JobFailure } from '../generations/failure-kinds';

/** How often every engine is probed again while the worker runs. */
export const PROBE_INTERVAL_MS = 30_000;
/** Failed runs in a row, while the probes pass, after which a model is `failing`. */
export const FAILED_RUNS_BEFORE_FAILING = 3;

export interface EngineHealthMonitor {
  /** Probes every engine (and logs which are not ready and why), then again every interval. */
  start(): Promise<void>;
  stop(): void;
  /** Each model's health now, as the heartbeat reports it. */
  health(): ReadonlyMap<string, WorkerModelHealth>;
  /** A job's run succeeded: the engine is not failing. */
  runSucceeded(model: string): void;
  /** A run failed for a reason of the engine's: counted, and the engine is probed at once. */
  runFailed(model: string, failure: JobFailure): void;
}

interface ModelSlot {
  health: WorkerModelHealth;
  failedRuns: number;
  lastFailure: string | null;
  probing: Promise<void> | undefined;
}

/**
 * A worker's watch over its engines (decision 077). Health comes from the engines themselves:
 * each probe (engine.probe, imagegen's engine-probe.ts) says ready, not installed, unreachable or
 * misconfigured with the operator's cause; runs that keep failing while the probes pass make it
 * `failing`, until a run succeeds. `since` is when the state began. `onChange` is called on every
 * change, so the worker reports it at once instead of at its next heartbeat.
 */
export function createEngineHealthMonitor(options: {
  engines: ReadonlyMap<string, ImageGenerator>;
  logger: Logger;
  onChange: () => void;
  intervalMs?: number;
  probeTimeoutMs?: number;
}): EngineHealthMonitor {
  const { engines, logger } = options;
  const intervalMs = options.intervalMs ?? PROBE_INTERVAL_MS;
  const timeoutMs = options.probeTimeoutMs ?? PROBE_TIMEOUT_MS;
  const stopping = new AbortController();
  const now = () => new Date().toISOString();
  const slots = new Map<string, ModelSlot>(
    [...engines.keys()].map((model) => [
      model,
      {
        health: { ...READY, since: now() },
        failedRuns: 0,
        lastFailure: null,
        probing: undefined,
      },
    ]),
  );
  let started = false;
  let timer: NodeJS.Timeout | undefined;

  const log = (model: string, health: WorkerModelHealth, before: WorkerModelHealth | undefined) => {
    const backend = engines.get(model)?.describe().backend;
    if (health.state === 'ready') {
      const again = before !== undefined && before.state !== 'ready';
      logger.info({ model, backend }, again ? 'image engine ready again' : 'image engine ready');
      return;
    }
    // A failing model is still offered (its server answers); the others are withdrawn.
    const what =
      health.state === 'failing' ? 'is failing' : `is not ready: ${health.state.replace('_', ' ')}`;
    logger.warn(
      { model, backend, state: health.state, cause: health.cause },
      `model "${model}" ${what}: ${health.cause ?? ''}`,
    );
  };

  function update(model: string, found: EngineProbe) {
    const slot = slots.get(model);
    // Stopped: the worker has withdrawn its models, and reports nothing more.
    if (!slot || stopping.signal.aborted) return;
    const failing = found.state === 'ready' && slot.failedRuns >= FAILED_RUNS_BEFORE_FAILING;
    const next = failing ? { state: 'failing' as const, cause: slot.lastFailure } : found;
    const before = slot.health;
    if (before.state === next.state && before.cause === next.cause) return;
    slot.health = { ...next, since: before.state === next.state ? before.since : now() };
    if (started) {
      log(model, slot.health, before);
      options.onChange();
    }
  }

  function probe(model: string): Promise<void> {
    const slot = slots.get(model);
    const engine = engines.get(model);
    if (!slot || !engine) return Promise.resolve();
    slot.probing ??= (async () => {
      try {
        const found = engine.probe
          ? await engine.probe({ signal: stopping.signal, timeoutMs })
          : READY;
        update(model, found);
      } catch (error) {
        if (stopping.signal.aborted) return;
        update(model, { state: 'failing', cause: (error as Error).message });
      } finally {
        slot.probing = undefined;
      }
    })();
    return slot.probing;
  }

  const probeAll = () => Promise.all([...slots.keys()].map(probe)).then(() => undefined);

  return {
    async start() {
      await probeAll();
      started = true;
      for (const [model, slot] of slots) log(model, slot.health, undefined);
      timer = setInterval(() => void probeAll(), intervalMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      stopping.abort();
    },
    health: () => new Map([...slots].map(([model, slot]) => [model, slot.health])),
    runSucceeded(model) {
      const slot = slots.get(model);
      if (!slot) return;
      slot.failedRuns = 0;
      if (slot.health.state === 'failing') update(model, READY);
      // An image came out of an engine thought unwell: what does it say now?
      else if (slot.health.state !== 'ready') void probe(model);
    },
    runFailed(model, failure) {
      const slot = slots.get(model);
      if (!slot) return;
      slot.failedRuns += 1;
      slot.lastFailure = failure.detail ?? failure.kind;
      void probe(model);
    },
  };
}
