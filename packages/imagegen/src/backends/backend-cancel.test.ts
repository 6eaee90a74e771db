import { afterEach, describe, expect, it } from 'vitest';
import { createImageGenerator } from '../create-image-generator';
import {
  startFakeComfy,
  type ComfyMode,
  type FakeComfyOptions,
} from '../../test/helpers/fake-comfyui';
import { sendJson, startServer } from '../../test/helpers/http-server';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts a generation, aborts it after `ms`, and expects the typed cancellation. */
async function cancelAfter(
  generate: (signal: AbortSignal) => Promise<unknown>,
  ms: number,
): Promise<void> {
  const controller = new AbortController();
  setTimeout(() => controller.abort(), ms);
  await expect(generate(controller.signal)).rejects.toMatchObject({ kind: 'cancelled' });
}

describe('ComfyUI cancel touches only our prompt', () => {
  async function setup(mode: ComfyMode, options?: FakeComfyOptions) {
    const comfy = await startFakeComfy(mode, options);
    cleanups.push(() => comfy.close());
    const g = await createImageGenerator({
      backend: 'comfyui',
      modelsDir: '/nonexistent',
      comfyui: { url: comfy.url },
    });
    return { comfy, generate: (signal: AbortSignal) => g.generate({ prompt: 'x' }, { signal }) };
  }

  it('deletes it from the queue while someone else runs, and interrupts nothing', async () => {
    const { comfy, generate } = await setup('queued', { otherRunning: 'theirs' });
    await cancelAfter(generate, 100);
    await wait(100);
    const [ours] = [...comfy.prompts.keys()];
    expect(comfy.prompts.get(ours as string)).toBe('deleted');
    const deletes = comfy.requests.filter((r) => r.method === 'POST' && r.url === '/queue');
    expect(deletes.map((r) => JSON.parse(r.body) as unknown)).toEqual([{ delete: [ours] }]);
    expect(comfy.interrupts).toEqual([]);
  });

  it('interrupts it, naming it, once it runs', async () => {
    const { comfy, generate } = await setup('never');
    await cancelAfter(generate, 150);
    await wait(100);
    const [ours] = [...comfy.prompts.keys()];
    expect(comfy.prompts.get(ours as string)).toBe('running');
    expect(comfy.interrupts).toEqual([{ prompt_id: ours }]);
  });

  it('uses the id an older ComfyUI picked when it ignores ours', async () => {
    const { comfy, generate } = await setup('queued', {
      otherRunning: 'theirs',
      ignoreClientPromptId: true,
    });
    await cancelAfter(generate, 100);
    await wait(100);
    expect(comfy.prompts.get('p-1')).toBe('deleted');
    expect(comfy.interrupts).toEqual([]);
  });
});

type TaskState = 'queued' | 'active' | 'completed';

/** A1111 whose txt2img never answers; tests move tasks between queued/active/completed. */
async function fakeA1111(options: { internalProgress: boolean }) {
  const tasks = new Map<string, TaskState>();
  let initial: TaskState = 'queued';
  const server = await startServer((req, res, body) => {
    if (req.url === '/sdapi/v1/txt2img') {
      const { force_task_id: id } = JSON.parse(body) as { force_task_id: string };
      tasks.set(id, initial);
      return; // never answers: the job is still on the server when we cancel
    }
    if (req.url === '/internal/progress' && options.internalProgress) {
      const { id_task: id } = JSON.parse(body) as { id_task: string };
      const state = tasks.get(id);
      return sendJson(res, 200, {
        active: state === 'active',
        queued: state === 'queued',
        completed: state === 'completed',
      });
    }
    if (req.url === '/sdapi/v1/interrupt') return sendJson(res, 200, {});
    if (req.url?.startsWith('/sdapi/v1/progress')) return sendJson(res, 200, { progress: 0.3 });
    res.writeHead(404).end();
  });
  const g = await createImageGenerator({
    backend: 'a1111',
    modelsDir: '/nonexistent',
    a1111: { url: server.url, progressIntervalMs: 20 },
  });
  cleanups.push(async () => {
    await g.close();
    await server.close();
  });
  return {
    tasks,
    startAs: (state: TaskState) => (initial = state),
    interrupts: () => server.requests.filter((r) => r.url === '/sdapi/v1/interrupt').length,
    generate: (signal: AbortSignal) => g.generate({ prompt: 'x' }, { signal }),
  };
}

describe('A1111 cancel interrupts only our task', () => {
  it('interrupts at once when our task is the active one', async () => {
    const a1111 = await fakeA1111({ internalProgress: true });
    a1111.startAs('active');
    await cancelAfter(a1111.generate, 80);
    await wait(80);
    expect(a1111.interrupts()).toBe(1);
  });

  it('waits while ours is queued behind another job, then interrupts it when it starts', async () => {
    const a1111 = await fakeA1111({ internalProgress: true });
    await cancelAfter(a1111.generate, 80);
    await wait(150);
    expect(a1111.interrupts()).toBe(0); // the running job is someone else's
    const [ours] = [...a1111.tasks.keys()];
    a1111.tasks.set(ours as string, 'active');
    await wait(120);
    expect(a1111.interrupts()).toBe(1);
  });

  it('never interrupts when ours finished first or the server cannot say whose job runs', async () => {
    const finished = await fakeA1111({ internalProgress: true });
    await cancelAfter(finished.generate, 80);
    const [ours] = [...finished.tasks.keys()];
    finished.tasks.set(ours as string, 'completed');
    await wait(150);
    expect(finished.interrupts()).toBe(0);
    const blind = await fakeA1111({ internalProgress: false });
    blind.startAs('active');
    await cancelAfter(blind.generate, 80);
    await wait(150);
    expect(blind.interrupts()).toBe(0);
  });
});
