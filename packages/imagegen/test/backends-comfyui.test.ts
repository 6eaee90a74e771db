import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { createImageGenerator } from '../src/create-image-generator';
import { closedPortUrl, sendJson, startServer, type TestServer } from './helpers/http-server';
import { samplePng } from './helpers/sample-png';
import { makeTempDir } from './helpers/temp-dir';

type Mode = 'ok' | 'execution_error' | 'never' | 'bad_prompt_answer' | 'server_error' | 'no_image';

interface FakeComfy extends TestServer {
  workflows: Array<Record<string, { inputs: Record<string, unknown> }>>;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

/** Speaks ComfyUI's API: POST /prompt, /ws events, GET /history/{id}, GET /view, /interrupt. */
async function fakeComfy(mode: Mode): Promise<FakeComfy> {
  const png = await samplePng(96, 64);
  const sockets = new Map<string, WebSocket>();
  const workflows: FakeComfy['workflows'] = [];
  const server = await startServer((req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'POST' && url.pathname === '/prompt') {
      if (mode === 'server_error') return sendJson(res, 500, { error: 'boom' });
      if (mode === 'bad_prompt_answer') return res.writeHead(200).end('not json');
      const parsed = JSON.parse(body) as {
        prompt: FakeComfy['workflows'][number];
        client_id: string;
      };
      workflows.push(parsed.prompt);
      sendJson(res, 200, { prompt_id: 'p-1', number: 1, node_errors: {} });
      const ws = sockets.get(parsed.client_id);
      const send = (type: string, data: object) =>
        ws?.send(JSON.stringify({ type, data: { prompt_id: 'p-1', ...data } }));
      setTimeout(() => {
        send('execution_start', {});
        if (mode === 'never') return;
        send('progress', { value: 1, max: 2, node: '3' });
        ws?.send(Buffer.from([1, 2, 3])); // binary preview frame, ignored
        if (mode === 'execution_error')
          return send('execution_error', { exception_message: 'CUDA out of memory' });
        send('progress', { value: 2, max: 2, node: '3' });
        send('executing', { node: null });
      }, 20);
      return;
    }
    if (url.pathname === '/history/p-1') {
      const images =
        mode === 'no_image'
          ? []
          : [{ filename: 'nocturne_0001.png', subfolder: '', type: 'output' }];
      return sendJson(res, 200, {
        'p-1': { outputs: { '9': { images } }, status: { completed: true } },
      });
    }
    if (url.pathname === '/view' && url.searchParams.get('filename') === 'nocturne_0001.png') {
      return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    }
    if (url.pathname === '/interrupt' || url.pathname === '/queue') return sendJson(res, 200, {});
    res.writeHead(404).end();
  });
  const wss = new WebSocketServer({ server: server.server, path: '/ws' });
  wss.on('connection', (ws, req) => {
    const clientId = new URL(req.url ?? '', 'http://x').searchParams.get('clientId') ?? '';
    sockets.set(clientId, ws);
    ws.send(
      JSON.stringify({
        type: 'status',
        data: { status: { exec_info: { queue_remaining: 0 } }, sid: clientId },
      }),
    );
  });
  cleanups.push(async () => {
    for (const ws of wss.clients) ws.terminate();
    wss.close();
    await server.close();
  });
  return Object.assign(server, { workflows });
}

const make = (url: string, timeoutMs = 5_000, workflowPath?: string) =>
  createImageGenerator({
    backend: 'comfyui',
    modelsDir: '/nonexistent',
    timeoutMs,
    comfyui: { url, checkpoint: 'sd_turbo.safetensors', workflowPath },
  });

describe('comfyui backend', () => {
  it('fills the workflow template, follows websocket progress and fetches the image from history/view', async () => {
    const comfy = await fakeComfy('ok');
    const g = await make(comfy.url);
    const fractions: number[] = [];
    const out = await g.generate(
      {
        prompt: 'a lighthouse',
        negativePrompt: 'text',
        seed: 77,
        width: 768,
        height: 512,
        steps: 2,
      },
      { onProgress: (p) => fractions.push(p.fraction) },
    );
    const workflow = comfy.workflows[0];
    expect(workflow?.['3']?.inputs).toMatchObject({ seed: 77, steps: 2 });
    expect(workflow?.['5']?.inputs).toMatchObject({ width: 768, height: 512 });
    expect(workflow?.['6']?.inputs.text).toBe('a lighthouse');
    expect(workflow?.['7']?.inputs.text).toBe('text');
    expect(workflow?.['4']?.inputs.ckpt_name).toBe('sd_turbo.safetensors');
    expect(out).toMatchObject({ backend: 'comfyui', width: 96, height: 64, seed: 77 });
    expect(fractions).toContain(0.5 * 0.9 * 0.95);
  });

  it('accepts an operator workflow template', async () => {
    const comfy = await fakeComfy('ok');
    const dir = await makeTempDir();
    const path = join(dir, 'flow.json');
    await writeFile(
      path,
      JSON.stringify({
        '1': { class_type: 'Custom', inputs: { text: 'style: $prompt', seed: '$seed' } },
      }),
    );
    await (await make(comfy.url, 5_000, path)).generate({ prompt: 'owl', seed: 3 });
    expect(comfy.workflows[0]).toEqual({
      '1': { class_type: 'Custom', inputs: { text: 'style: owl', seed: 3 } },
    });
  });

  it('maps execution errors, 5xx, malformed answers, missing images and unreachable servers to typed errors', async () => {
    const cases: Array<[Mode, string, RegExp]> = [
      ['execution_error', 'bad_response', /CUDA out of memory/],
      ['server_error', 'bad_response', /500/],
      ['bad_prompt_answer', 'bad_response', /not JSON/],
      ['no_image', 'bad_response', /no output image/],
    ];
    for (const [mode, kind, message] of cases) {
      const comfy = await fakeComfy(mode);
      await expect((await make(comfy.url)).generate({ prompt: 'x' })).rejects.toMatchObject({
        kind,
        message: expect.stringMatching(message),
      });
    }
    await expect(
      (await make(await closedPortUrl())).generate({ prompt: 'x' }),
    ).rejects.toMatchObject({ kind: 'backend_unreachable' });
  });

  it('times out and cancels promptly, interrupting the queued prompt', async () => {
    const comfy = await fakeComfy('never');
    const started = Date.now();
    await expect((await make(comfy.url, 300)).generate({ prompt: 'x' })).rejects.toMatchObject({
      kind: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(
      (await make(comfy.url)).generate({ prompt: 'x' }, { signal: controller.signal }),
    ).rejects.toMatchObject({ kind: 'cancelled' });
    await new Promise((r) => setTimeout(r, 50));
    expect(comfy.requests.filter((r) => r.url === '/interrupt').length).toBe(2);
    expect(comfy.requests.some((r) => r.url === '/queue' && r.body.includes('p-1'))).toBe(true);
  });
});
