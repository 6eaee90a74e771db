import type { EngineProbe } from '@nocturne/imagegen/engine-probe';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { fakeEngine, TINY_PNG, waitFor } from '../../../test/generation-worker-harness';
import { jobFailure } from '../generations/failure-kinds';
import { createEngineHealthMonitor, FAILED_RUNS_BEFORE_FAILING } from './engine-health-monitor';

/** An engine whose probe finds what `found()` says at the time it is asked. */
function probedEngine(found: () => EngineProbe) {
  let probes = 0;
  const engine = {
    ...fakeEngine(() => TINY_PNG),
    probe: async () => {
      probes += 1;
      return found();
    },
  };
  return { engine, probes: () => probes };
}

const silent = pino({ level: 'silent' });
const refused: EngineProbe = { state: 'unreachable', cause: 'ECONNREFUSED 127.0.0.1:8188' };
const ready: EngineProbe = { state: 'ready', cause: null };

describe('the engine health monitor', () => {
  it('probes at start, again after a failed run, and keeps since while the state lasts', async () => {
    let now = refused;
    const comfy = probedEngine(() => now);
    let changes = 0;
    const monitor = createEngineHealthMonitor({
      engines: new Map([['sdxl', comfy.engine]]),
      logger: silent,
      onChange: () => (changes += 1),
      intervalMs: 60_000,
    });
    await monitor.start();
    const first = monitor.health().get('sdxl');
    expect(first).toMatchObject(refused);
    expect(comfy.probes()).toBe(1);

    monitor.runFailed('sdxl', jobFailure('unreachable', 'Cannot reach ComfyUI'));
    await waitFor(() => comfy.probes() === 2);
    expect(monitor.health().get('sdxl')).toEqual(first);
    expect(changes).toBe(0);

    now = ready;
    monitor.runFailed('sdxl', jobFailure('unreachable', 'Cannot reach ComfyUI'));
    await waitFor(() => monitor.health().get('sdxl')?.state === 'ready');
    expect(changes).toBe(1);
    monitor.stop();
  });

  it(`is failing after ${FAILED_RUNS_BEFORE_FAILING} failed runs while its probes pass, until one succeeds`, async () => {
    const comfy = probedEngine(() => ready);
    const monitor = createEngineHealthMonitor({
      engines: new Map([['sdxl', comfy.engine]]),
      logger: silent,
      onChange: () => undefined,
      intervalMs: 60_000,
    });
    await monitor.start();
    for (let run = 1; run <= FAILED_RUNS_BEFORE_FAILING; run += 1) {
      monitor.runFailed(
        'sdxl',
        jobFailure('bad_response', 'ComfyUI answered 500: CUDA out of memory'),
      );
      await waitFor(() => comfy.probes() === run + 1);
    }
    expect(monitor.health().get('sdxl')).toMatchObject({
      state: 'failing',
      cause: 'ComfyUI answered 500: CUDA out of memory',
    });
    monitor.runSucceeded('sdxl');
    expect(monitor.health().get('sdxl')).toMatchObject(ready);
    monitor.stop();
  });

  it('keeps the LoRA files a probe found missing after a run succeeds without them', async () => {
    const lacking: EngineProbe = {
      state: 'failing',
      cause: 'LoRA ink.safetensors not in /object_info/LoraLoader (it has: none)',
      unavailableLoras: ['ink.safetensors'],
    };
    const comfy = probedEngine(() => lacking);
    const monitor = createEngineHealthMonitor({
      engines: new Map([['sdxl', comfy.engine]]),
      logger: silent,
      onChange: () => undefined,
      intervalMs: 60_000,
    });
    await monitor.start();
    monitor.runSucceeded('sdxl');
    expect(monitor.health().get('sdxl')).toMatchObject(lacking);
    monitor.stop();
  });

  it('an engine without a probe is ready, and a stopped monitor reports no change', async () => {
    let changes = 0;
    const comfy = probedEngine(() => refused);
    const monitor = createEngineHealthMonitor({
      engines: new Map([
        ['preview', fakeEngine(() => TINY_PNG)],
        ['sdxl', comfy.engine],
      ]),
      logger: silent,
      onChange: () => (changes += 1),
      intervalMs: 20,
    });
    await monitor.start();
    expect(monitor.health().get('preview')).toMatchObject(ready);
    await waitFor(() => comfy.probes() >= 3);
    monitor.stop();
    const probes = comfy.probes();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(comfy.probes()).toBe(probes);
    expect(changes).toBe(0);
  });
});
