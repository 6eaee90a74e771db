import { WebSocketServer, type WebSocket } from 'ws';
import { sendJson, startServer, type TestServer } from './http-server';
import { previewFrame, readUpload, savedImageSize, type Size } from './fake-comfyui-graph';
import { comboInput, refuseUnknownChoices } from './fake-comfyui-validation';
import { samplePng } from './sample-png';

export type ComfyMode =
  | 'ok'
  | 'execution_error'
  | 'never' // starts running, never finishes
  | 'queued' // waits in the queue forever
  | 'bad_prompt_answer'
  | 'server_error'
  | 'no_image'
  | 'interrupted' // starts, then execution_interrupted (cancelled in ComfyUI's own UI)
  | 'slow_history' // history written 150 ms after execution_success, then executing node null
  | 'no_executing_null'; // an older server: execution_success, history 200 ms later, nothing else

export interface FakeComfy extends TestServer {
  workflows: Array<Record<string, { class_type?: string; inputs: Record<string, unknown> }>>;
  /** prompt_id → where it is in the fake's queue. */
  prompts: Map<string, 'pending' | 'running' | 'done' | 'deleted'>;
  /** Bodies of POST /interrupt, parsed. */
  interrupts: unknown[];
  /** Files uploaded to its input folder (POST /upload/image): name → PNG. */
  uploads: Map<string, Buffer>;
  close(): Promise<void>;
}

export interface FakeComfyOptions {
  /** Someone else's prompt already running (listed first in queue_running). */
  otherRunning?: string;
  /** Behave like an older ComfyUI that picks its own id instead of the client's prompt_id. */
  ignoreClientPromptId?: boolean;
  /** The checkpoints it has (default sd_turbo.safetensors); others are refused as ComfyUI does. */
  checkpoints?: string[];
  /** An older ComfyUI without /object_info/{node} (only /models/checkpoints). */
  noObjectInfo?: boolean;
  /** A newer ComfyUI describing choices as ["COMBO", {options}]. */
  combo?: boolean;
  /** Its `upscale_models` (default 4x-UltraSharp.pth), each ×4; others are refused. */
  upscaleModels?: string[];
  /** The format of the preview frame sent mid-sampling (default JPEG, ComfyUI's own default). */
  previewFormat?: 'jpeg' | 'png';
}

/**
 * Speaks ComfyUI's API: POST /prompt (client prompt_id honoured, unknown checkpoints refused),
 * /ws events, GET/POST /queue, POST /interrupt, GET /history/{id}, GET /view,
 * GET /object_info/CheckpointLoaderSimple, GET /models/checkpoints and GET /system_stats,
 * POST /upload/image, and a binary preview frame (32×32) mid-sampling. Text-to-image images come
 * back at 1/8 of the workflow's size (node "5"), so their ratio is the one asked for; a workflow
 * that loads an uploaded image saves the size its nodes make of it (fake-comfyui-graph.ts).
 * LoadImage names not uploaded and unknown upscale models are refused like unknown checkpoints.
 */
export async function startFakeComfy(
  mode: ComfyMode,
  options: FakeComfyOptions = {},
): Promise<FakeComfy> {
  const checkpoints = options.checkpoints ?? ['sd_turbo.safetensors'];
  const upscaleModels = options.upscaleModels ?? ['4x-UltraSharp.pth'];
  const uploads = new Map<string, Buffer>();
  const uploadSizes = new Map<string, Size>();
  const preview = await previewFrame(options.previewFormat ?? 'jpeg', { width: 32, height: 32 });
  const sockets = new Map<string, WebSocket>();
  const workflows: FakeComfy['workflows'] = [];
  const prompts: FakeComfy['prompts'] = new Map();
  const sizes = new Map<string, { width: number; height: number }>();
  const interrupts: unknown[] = [];
  // ComfyUI writes a prompt's history after execution_success and before executing node null.
  const historyWritten = new Set<string>();
  let counter = 0;
  const entries = (state: 'pending' | 'running') =>
    [...prompts].filter(([, s]) => s === state).map(([id], i) => [i, id, {}, {}, []]);

  const server = await startServer(async (req, res, body, raw) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'POST' && url.pathname === '/upload/image') {
      const upload = await readUpload(req, raw);
      if (!upload) return res.writeHead(400).end();
      uploads.set(upload.name, upload.png);
      uploadSizes.set(upload.name, upload.size);
      return sendJson(res, 200, { name: upload.name, subfolder: '', type: 'input' });
    }
    if (req.method === 'POST' && url.pathname === '/prompt') {
      if (mode === 'server_error') return sendJson(res, 500, { error: 'boom' });
      if (mode === 'bad_prompt_answer') return res.writeHead(200).end('not json');
      const parsed = JSON.parse(body) as {
        prompt: FakeComfy['workflows'][number];
        client_id: string;
        prompt_id?: string;
      };
      workflows.push(parsed.prompt);
      const lists = {
        CheckpointLoaderSimple: { input: 'ckpt_name', choices: checkpoints },
        LoadImage: { input: 'image', choices: [...uploads.keys()] },
        UpscaleModelLoader: { input: 'model_name', choices: upscaleModels },
      };
      const refusal = refuseUnknownChoices(parsed.prompt, lists, options.combo);
      if (refusal) return sendJson(res, 400, refusal);
      counter += 1;
      const id =
        parsed.prompt_id && !options.ignoreClientPromptId ? parsed.prompt_id : `p-${counter}`;
      const latent = parsed.prompt['5']?.inputs ?? {};
      const side = (v: unknown) => (typeof v === 'number' ? Math.max(8, v / 8) : 64);
      const fromImage = Object.values(parsed.prompt).some((n) => n.class_type === 'LoadImage');
      sizes.set(
        id,
        (fromImage && savedImageSize(parsed.prompt, uploadSizes)) || {
          width: side(latent.width),
          height: side(latent.height),
        },
      );
      prompts.set(id, 'pending');
      sendJson(res, 200, { prompt_id: id, number: counter, node_errors: {} });
      if (mode === 'queued') return;
      const ws = sockets.get(parsed.client_id);
      const send = (type: string, data: object) =>
        ws?.send(JSON.stringify({ type, data: { prompt_id: id, ...data } }));
      setTimeout(() => {
        if (prompts.get(id) !== 'pending') return;
        prompts.set(id, 'running');
        send('execution_start', {});
        if (mode === 'never') return;
        send('progress', { value: 1, max: 2, node: '3' });
        if (mode === 'interrupted') {
          prompts.set(id, 'done');
          return send('execution_interrupted', {
            node_id: '3',
            node_type: 'KSampler',
            executed: [],
          });
        }
        ws?.send(preview);
        ws?.send(Buffer.from([1, 2, 3])); // a binary frame that is no preview, ignored
        prompts.set(id, 'done');
        if (mode === 'execution_error')
          return send('execution_error', { exception_message: 'CUDA out of memory' });
        send('progress', { value: 2, max: 2, node: '3' });
        send('executing', { node: '8' }); // the decoder, which reports no progress
        send('execution_success', {});
        const writeHistory = () => historyWritten.add(id);
        if (mode === 'no_executing_null') return void setTimeout(writeHistory, 200);
        setTimeout(
          () => {
            writeHistory();
            send('executing', { node: null });
          },
          mode === 'slow_history' ? 150 : 0,
        );
      }, 20);
      return;
    }
    if (url.pathname === '/object_info/CheckpointLoaderSimple' && !options.noObjectInfo) {
      const required = { ckpt_name: comboInput(checkpoints, options.combo) };
      return sendJson(res, 200, {
        CheckpointLoaderSimple: {
          input: { required },
          output: ['MODEL', 'CLIP', 'VAE'],
          name: 'CheckpointLoaderSimple',
          category: 'loaders',
        },
      });
    }
    if (url.pathname === '/models/checkpoints') return sendJson(res, 200, checkpoints);
    if (url.pathname === '/system_stats') {
      const device = { name: 'cuda:0 fake', type: 'cuda', index: 0, vram_total: 8e9 };
      return sendJson(res, 200, { system: { os: 'posix' }, devices: [device] });
    }
    if (url.pathname === '/queue' && req.method === 'GET') {
      const running = entries('running');
      if (options.otherRunning) running.unshift([0, options.otherRunning, {}, {}, []]);
      return sendJson(res, 200, { queue_running: running, queue_pending: entries('pending') });
    }
    if (url.pathname === '/queue' && req.method === 'POST') {
      const { delete: ids = [] } = JSON.parse(body || '{}') as { delete?: string[] };
      for (const id of ids) if (prompts.get(id) === 'pending') prompts.set(id, 'deleted');
      return sendJson(res, 200, {});
    }
    if (url.pathname === '/interrupt') {
      interrupts.push(body ? JSON.parse(body) : undefined);
      return sendJson(res, 200, {});
    }
    const history = /^\/history\/(.+)$/.exec(url.pathname);
    if (history?.[1]) {
      const id = decodeURIComponent(history[1]);
      if (!historyWritten.has(id)) return sendJson(res, 200, {});
      const images =
        mode === 'no_image' ? [] : [{ filename: `${id}.png`, subfolder: '', type: 'output' }];
      return sendJson(res, 200, {
        [id]: { outputs: { '9': { images } }, status: { completed: true } },
      });
    }
    const file = url.searchParams.get('filename')?.replace(/\.png$/, '');
    if (url.pathname === '/view' && file && sizes.has(file)) {
      const size = sizes.get(file) as { width: number; height: number };
      const png = await samplePng(size.width, size.height);
      return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    }
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
  const closeHttp = server.close;
  return Object.assign(server, {
    workflows,
    prompts,
    interrupts,
    uploads,
    close: async () => {
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      await closeHttp();
    },
  });
}
