import type { ImageGenerator } from '@nocturne/imagegen/create-image-generator';
import { PROBE_TIMEOUT_MS, READY, type EngineProbe } from '@nocturne/imagegen/engine-probe';
import type { Logger } from '../../lib/create-logger';
import type { RunFailure, WorkerModelHealth } from './model-types';

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
  runFailed(model: string, failure: RunFailure): void;
}

interface ModelSlot {
  health: WorkerModelHealth;
  failedRuns: number;
  lastFailure: string | null;
  probing: Promise<void> | undefined;
}

/** What the monitor's steps share: the engines, their slots, and whether it started or stops. */
interface MonitorState {
  engines: ReadonlyMap<string, ImageGenerator>;
  logger: Logger;
  onChange: () => void;
  timeoutMs: number;
  slots: Map<string, ModelSlot>;
  stopping: AbortController;
  started: boolean;
}

const now = () => new Date().toISOString();

/** Every engine ready until its first probe says otherwise. */
function readySlots(engines: ReadonlyMap<string, ImageGenerator>): Map<string, ModelSlot> {
  return new Map(
    [...engines.keys()].map((model) => [
      model,
      { health: { ...READY, since: now() }, failedRuns: 0, lastFailure: null, probing: undefined },
    ]),
  );
}

/** The log line of a model's health: ready (again), or why it is not. */
function logHealth(
  state: MonitorState,
  model: string,
  health: WorkerModelHealth,
  before: WorkerModelHealth | undefined,
) {
  const backend = state.engines.get(model)?.describe().backend;
  if (health.state === 'ready') {
    const again = before !== undefined && before.state !== 'ready';
    state.logger.info(
      { model, backend },
      again ? 'image engine ready again' : 'image engine ready',
    );
    return;
  }
  // A failing model is still offered (its server answers); the others are withdrawn.
  const what =
    health.state === 'failing' ? 'is failing' : `is not ready: ${health.state.replace('_', ' ')}`;
  state.logger.warn(
    { model, backend, state: health.state, cause: health.cause },
    `model "${model}" ${what}: ${health.cause ?? ''}`,
  );
}

/**
 * A probe's finding as the model's health: `failing` instead of ready after too many failed runs
 * in a row; logged and reported when it changed (once the monitor started).
 */
function updateHealth(state: MonitorState, model: string, found: EngineProbe) {
  const slot = state.slots.get(model);
  // Stopped: the worker has withdrawn its models, and reports nothing more.
  if (!slot || state.stopping.signal.aborted) return;
  const failing = found.state === 'ready' && slot.failedRuns >= FAILED_RUNS_BEFORE_FAILING;
  const next = failing ? { state: 'failing' as const, cause: slot.lastFailure } : found;
  const before = slot.health;
  if (before.state === next.state && before.cause === next.cause) return;
  slot.health = { ...next, since: before.state === next.state ? before.since : now() };
  if (state.started) {
    logHealth(state, model, slot.health, before);
    state.onChange();
  }
}

/** Probes the model's engine, one probe at a time per model (a second call joins the first). */
function probeEngine(state: MonitorState, model: string): Promise<void> {
  const slot = state.slots.get(model);
  const engine = state.engines.get(model);
  if (!slot || !engine) return Promise.resolve();
  const { signal } = state.stopping;
  slot.probing ??= (async () => {
    try {
      const found = engine.probe
        ? await engine.probe({ signal, timeoutMs: state.timeoutMs })
        : READY;
      updateHealth(state, model, found);
    } catch (error) {
      if (signal.aborted) return;
      updateHealth(state, model, { state: 'failing', cause: (error as Error).message });
    } finally {
      slot.probing = undefined;
    }
  })();
  return slot.probing;
}

const probeAll = (state: MonitorState) =>
  Promise.all([...state.slots.keys()].map((model) => probeEngine(state, model))).then(
    () => undefined,
  );

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
  const state: MonitorState = {
    engines: options.engines,
    logger: options.logger,
    onChange: options.onChange,
    timeoutMs: options.probeTimeoutMs ?? PROBE_TIMEOUT_MS,
    slots: readySlots(options.engines),
    stopping: new AbortController(),
    started: false,
  };
  let timer: NodeJS.Timeout | undefined;
  return {
    async start() {
      await probeAll(state);
      state.started = true;
      for (const [model, slot] of state.slots) logHealth(state, model, slot.health, undefined);
      timer = setInterval(() => void probeAll(state), options.intervalMs ?? PROBE_INTERVAL_MS);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      state.stopping.abort();
    },
    health: () => new Map([...state.slots].map(([model, slot]) => [model, slot.health])),
    runSucceeded(model) {
      const slot = state.slots.get(model);
      if (!slot) return;
      slot.failedRuns = 0;
      // Missing LoRA files stay missing whatever renders without them: only a probe clears them.
      if (slot.health.unavailableLoras) return;
      if (slot.health.state === 'failing') updateHealth(state, model, READY);
      // An image came out of an engine thought unwell: what does it say now?
      else if (slot.health.state !== 'ready') void probeEngine(state, model);
    },
    runFailed(model, failure) {
      const slot = state.slots.get(model);
      if (!slot) return;
      slot.failedRuns += 1;
      slot.lastFailure = failure.detail ?? failure.kind;
      void probeEngine(state, model);
    },
  };
}
