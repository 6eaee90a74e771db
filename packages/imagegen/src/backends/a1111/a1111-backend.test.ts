import { describe, expect, it, vi } from 'vitest';
import { createImageGenerator } from '../../create-image-generator';
import { closedPortUrl, sendJson, trackTestServers } from '../../../test/helpers/http-server';
import { samplePng } from '../../../test/helpers/sample-png';

const fake = trackTestServers();

describe('a1111 backend', () => {
  const make = (url: string, timeoutMs = 5_000) =>
    createImageGenerator({
      backend: 'a1111',
      modelsDir: '/nonexistent',
      timeoutMs,
      a1111: { url, progressIntervalMs: 20 },
    });

  it('calls txt2img with the request, reports /progress and returns the image', async () => {
    const png = await samplePng(128, 64);
    let polls = 0;
    const server = await fake((req, res) => {
      if (req.url?.startsWith('/sdapi/v1/progress')) {
        polls++;
        // A server without /internal/progress, naming the running task as A1111 1.6+ does.
        const body = server.requests.find((r) => r.url === '/sdapi/v1/txt2img')?.body ?? '{}';
        const { force_task_id } = JSON.parse(body) as { force_task_id?: string };
        sendJson(res, 200, {
          progress: Math.min(polls / 4, 1),
          eta_relative: 1,
          state: {},
          current_task: force_task_id,
        });
      } else if (req.url === '/sdapi/v1/txt2img') {
        // Answered once progress was polled twice, however slowly this machine runs the polls.
        const answer = setInterval(() => {
          if (polls < 2) return;
          clearInterval(answer);
          sendJson(res, 200, { images: [png.toString('base64')], parameters: {}, info: '{}' });
        }, 20);
      } else res.writeHead(404).end();
    });
    const g = await make(server.url);
    const fractions: number[] = [];
    const out = await g.generate(
      { prompt: 'castle', negativePrompt: 'blurry', seed: 42, width: 128, height: 64, steps: 4 },
      { onProgress: (p) => p.stage === 'remote' && fractions.push(p.fraction) },
    );
    const body = JSON.parse(
      server.requests.find((r) => r.url === '/sdapi/v1/txt2img')?.body ?? '{}',
    ) as Record<string, unknown>;
    expect(body).toMatchObject({
      prompt: 'castle',
      negative_prompt: 'blurry',
      seed: 42,
      width: 128,
      height: 64,
      steps: 4,
    });
    expect(out).toMatchObject({ backend: 'a1111', width: 128, height: 64, seed: 42 });
    expect(polls).toBeGreaterThan(0);
    expect(Math.max(...fractions)).toBeGreaterThan(0);
  });

  it('interrupts the server on cancel and on timeout', async () => {
    const server = await fake((req, res) => {
      if (req.url === '/sdapi/v1/interrupt') sendJson(res, 200, {});
      else if (req.url === '/internal/progress')
        sendJson(res, 200, { active: true, queued: false, completed: false });
      else if (req.url?.startsWith('/sdapi/v1/progress')) sendJson(res, 200, { progress: 0.1 });
    });
    const g = await make(server.url, 400);
    const started = Date.now();
    await expect(g.generate({ prompt: 'x' })).rejects.toMatchObject({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2_000);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(g.generate({ prompt: 'x' }, { signal: controller.signal })).rejects.toMatchObject({
      kind: 'cancelled',
    });
    // The interrupt goes out beside the rejection: waited for, not for a fixed time.
    await vi.waitFor(
      () => expect(server.requests.filter((r) => r.url === '/sdapi/v1/interrupt')).toHaveLength(2),
      { timeout: 5_000 },
    );
  });

  it('maps 500s, malformed answers and unreachable servers to typed errors', async () => {
    const failing = await fake((req, res) => {
      if (req.url === '/sdapi/v1/txt2img')
        sendJson(res, 500, { error: 'OutOfMemoryError', detail: 'CUDA out of memory' });
      else sendJson(res, 200, { progress: 0 });
    });
    await expect((await make(failing.url)).generate({ prompt: 'x' })).rejects.toMatchObject({
      kind: 'bad_response',
      message: expect.stringContaining('CUDA out of memory'),
    });
    const malformed = await fake((req, res) =>
      sendJson(res, 200, req.url === '/sdapi/v1/txt2img' ? { images: ['%%%notbase64'] } : {}),
    );
    await expect((await make(malformed.url)).generate({ prompt: 'x' })).rejects.toMatchObject({
      kind: 'bad_response',
    });
    const garbage = await fake((req, res) =>
      sendJson(res, 200, req.url === '/sdapi/v1/txt2img' ? { images: ['aGVsbG8='] } : {}),
    );
    await expect((await make(garbage.url)).generate({ prompt: 'x' })).rejects.toMatchObject({
      kind: 'bad_response',
    });
    await expect(
      (await make(await closedPortUrl())).generate({ prompt: 'x' }),
    ).rejects.toMatchObject({ kind: 'backend_unreachable' });
  });
});
