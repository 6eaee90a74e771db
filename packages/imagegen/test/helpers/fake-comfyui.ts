import type { IncomingMessage, ServerResponse } from 'node:http';
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
  /** Its `loras` folder (default none): a LoraLoader naming another file is refused. */
  loras?: string[];
}

type Workflow = FakeComfy['workflows'][number];

/** Everything the fake remembers: what it was given, its queue, and the sockets of its clients. */
interface FakeState {
  mode: ComfyMode;
  options: FakeComfyOptions;
  checkpoints: string[];
  upscaleModels: string[];
  loras: string[];
  uploads: Map<string, Buffer>;
  uploadSizes: Map<string, Size>;
  preview: Buffer;
  sockets: Map<string, WebSocket>;
  workflows: FakeComfy['workflows'];
  prompts: FakeComfy['prompts'];
  /** prompt_id → the size of the image it saves. */
  sizes: Map<string, Size>;
  interrupts: unknown[];
  /** ComfyUI writes a prompt's history after execution_success and before executing node null. */
  historyWritten: Set<string>;
  counter: number;
}

/**
 * Speaks ComfyUI's API: POST /prompt (client prompt_id honoured, unknown checkpoints refused),
 * /ws events, GET/POST /queue, POST /interrupt, GET /history/{id}, GET /view,
 * GET /object_info/{CheckpointLoaderSimple,LoraLoader}, GET /models/{checkpoints,loras}, GET /system_stats,
 * POST /upload/image, and a binary preview frame (32×32) mid-sampling. Text-to-image images come
 * back at 1/8 of the workflow's size (node "5"), so their ratio is the one asked for; a workflow
 * that loads an uploaded image saves the size its nodes make of it (fake-comfyui-graph.ts).
 * LoadImage and LoadImageMask names not uploaded, a mask channel LoadImageMask does not offer,
 * unknown upscale models and LoRA files are refused like unknown checkpoints.
 */
export async function startFakeComfy(
  mode: ComfyMode,
  options: FakeComfyOptions = {},
): Promise<FakeComfy> {
  const state: FakeState = {
    mode,
    options,
    checkpoints: options.checkpoints ?? ['sd_turbo.safetensors'],
    upscaleModels: options.upscaleModels ?? ['4x-UltraSharp.pth'],
    loras: options.loras ?? [],
    uploads: new Map(),
    uploadSizes: new Map(),
    preview: await previewFrame(options.previewFormat ?? 'jpeg', { width: 32, height: 32 }),
    sockets: new Map(),
    workflows: [],
    prompts: new Map(),
    sizes: new Map(),
    interrupts: [],
    historyWritten: new Set(),
    counter: 0,
  };
  const server = await startServer((req, res, body, raw) => answer(state, req, res, body, raw));
  const wss = new WebSocketServer({ server: server.server, path: '/ws' });
  wss.on('connection', (ws, req) => {
    const clientId = new URL(req.url ?? '', 'http://x').searchParams.get('clientId') ?? '';
    state.sockets.set(clientId, ws);
    ws.send(
      JSON.stringify({
        type: 'status',
        data: { status: { exec_info: { queue_remaining: 0 } }, sid: clientId },
      }),
    );
  });
  const closeHttp = server.close;
  const { workflows, prompts, interrupts, uploads } = state;
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

async function answer(
  state: FakeState,
  req: IncomingMessage,
  res: ServerResponse,
  body: string,
  raw: Buffer,
) {
  const url = new URL(req.url ?? '/', 'http://x');
  if (req.method === 'POST' && url.pathname === '/upload/image') {
    const upload = await readUpload(req, raw);
    if (!upload) return res.writeHead(400).end();
    state.uploads.set(upload.name, upload.png);
    state.uploadSizes.set(upload.name, upload.size);
    return sendJson(res, 200, { name: upload.name, subfolder: '', type: 'input' });
  }
  if (req.method === 'POST' && url.pathname === '/prompt') return queuePrompt(state, res, body);
  if (answerServerInfo(state, url, res)) return;
  if (answerQueue(state, req, url, res, body)) return;
  const history = /^\/history\/(.+)$/.exec(url.pathname);
  if (history?.[1]) return answerHistory(state, decodeURIComponent(history[1]), res);
  const file = url.searchParams.get('filename')?.replace(/\.png$/, '');
  const size = file === undefined ? undefined : state.sizes.get(file);
  if (url.pathname === '/view' && file && size) {
    const png = await samplePng(size.width, size.height);
    return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
  }
  res.writeHead(404).end();
}

/** POST /prompt: refused or queued; unless `queued`, it starts running a moment later. */
function queuePrompt(state: FakeState, res: ServerResponse, body: string) {
  const { mode, options } = state;
  if (mode === 'server_error') return sendJson(res, 500, { error: 'boom' });
  if (mode === 'bad_prompt_answer') return res.writeHead(200).end('not json');
  const parsed = JSON.parse(body) as { prompt: Workflow; client_id: string; prompt_id?: string };
  state.workflows.push(parsed.prompt);
  const lists = {
    CheckpointLoaderSimple: { input: 'ckpt_name', choices: state.checkpoints },
    LoadImage: { input: 'image', choices: [...state.uploads.keys()] },
    LoadImageMask: { input: 'image', choices: [...state.uploads.keys()] },
    UpscaleModelLoader: { input: 'model_name', choices: state.upscaleModels },
    LoraLoader: { input: 'lora_name', choices: state.loras },
  };
  // LoadImageMask's second choice input: the channel its mask is read from.
  const channels = {
    LoadImageMask: { input: 'channel', choices: ['alpha', 'red', 'green', 'blue'] },
  };
  const refusal =
    refuseUnknownChoices(parsed.prompt, lists, options.combo) ??
    refuseUnknownChoices(parsed.prompt, channels, options.combo);
  if (refusal) return sendJson(res, 400, refusal);
  state.counter += 1;
  const id =
    parsed.prompt_id && !options.ignoreClientPromptId ? parsed.prompt_id : `p-${state.counter}`;
  state.sizes.set(id, savedSize(state, parsed.prompt));
  state.prompts.set(id, 'pending');
  sendJson(res, 200, { prompt_id: id, number: state.counter, node_errors: {} });
  if (mode === 'queued') return;
  const ws = state.sockets.get(parsed.client_id);
  setTimeout(() => runPrompt(state, id, ws), 20);
}

/** Text-to-image: 1/8 of the latent's size (node "5"); from an uploaded image: its graph's size. */
function savedSize(state: FakeState, workflow: Workflow): Size {
  const latent = workflow['5']?.inputs ?? {};
  const side = (v: unknown) => (typeof v === 'number' ? Math.max(8, v / 8) : 64);
  const fromImage = Object.values(workflow).some((n) => n.class_type === 'LoadImage');
  return (
    (fromImage && savedImageSize(workflow, state.uploadSizes)) || {
      width: side(latent.width),
      height: side(latent.height),
    }
  );
}

/** The prompt's run as ComfyUI reports it on the socket, ending as the mode says. */
function runPrompt(state: FakeState, id: string, ws: WebSocket | undefined) {
  const { mode, prompts } = state;
  const send = (type: string, data: object) =>
    ws?.send(JSON.stringify({ type, data: { prompt_id: id, ...data } }));
  if (prompts.get(id) !== 'pending') return;
  prompts.set(id, 'running');
  send('execution_start', {});
  if (mode === 'never') return;
  send('progress', { value: 1, max: 2, node: '3' });
  if (mode === 'interrupted') {
    prompts.set(id, 'done');
    return send('execution_interrupted', { node_id: '3', node_type: 'KSampler', executed: [] });
  }
  ws?.send(state.preview);
  ws?.send(Buffer.from([1, 2, 3])); // a binary frame that is no preview, ignored
  prompts.set(id, 'done');
  if (mode === 'execution_error')
    return send('execution_error', { exception_message: 'CUDA out of memory' });
  send('progress', { value: 2, max: 2, node: '3' });
  send('executing', { node: '8' }); // the decoder, which reports no progress
  send('execution_success', {});
  const writeHistory = () => state.historyWritten.add(id);
  if (mode === 'no_executing_null') return void setTimeout(writeHistory, 200);
  setTimeout(
    () => {
      writeHistory();
      send('executing', { node: null });
    },
    mode === 'slow_history' ? 150 : 0,
  );
}

/** The checkpoint and LoRA lists and the system stats; false when the path is none of them. */
function answerServerInfo(state: FakeState, url: URL, res: ServerResponse): boolean {
  const { checkpoints, options } = state;
  if (url.pathname === '/object_info/CheckpointLoaderSimple' && !options.noObjectInfo) {
    const required = { ckpt_name: comboInput(checkpoints, options.combo) };
    sendJson(res, 200, {
      CheckpointLoaderSimple: {
        input: { required },
        output: ['MODEL', 'CLIP', 'VAE'],
        name: 'CheckpointLoaderSimple',
        category: 'loaders',
      },
    });
    return true;
  }
  if (url.pathname === '/object_info/LoraLoader' && !options.noObjectInfo) {
    const required = { lora_name: comboInput(state.loras, options.combo), clip: ['CLIP'] };
    sendJson(res, 200, { LoraLoader: { input: { required }, name: 'LoraLoader' } });
    return true;
  }
  if (url.pathname === '/models/checkpoints') {
    sendJson(res, 200, checkpoints);
    return true;
  }
  if (url.pathname === '/models/loras') {
    sendJson(res, 200, state.loras);
    return true;
  }
  if (url.pathname === '/system_stats') {
    const device = { name: 'cuda:0 fake', type: 'cuda', index: 0, vram_total: 8e9 };
    sendJson(res, 200, { system: { os: 'posix' }, devices: [device] });
    return true;
  }
  return false;
}

/** GET /queue, POST /queue (deletes) and POST /interrupt; false when the path is none of them. */
function answerQueue(
  state: FakeState,
  req: IncomingMessage,
  url: URL,
  res: ServerResponse,
  body: string,
): boolean {
  const { prompts, options } = state;
  const entries = (status: 'pending' | 'running') =>
    [...prompts].filter(([, s]) => s === status).map(([id], i) => [i, id, {}, {}, []]);
  if (url.pathname === '/queue' && req.method === 'GET') {
    const running = entries('running');
    if (options.otherRunning) running.unshift([0, options.otherRunning, {}, {}, []]);
    sendJson(res, 200, { queue_running: running, queue_pending: entries('pending') });
    return true;
  }
  if (url.pathname === '/queue' && req.method === 'POST') {
    const { delete: ids = [] } = JSON.parse(body || '{}') as { delete?: string[] };
    for (const id of ids) if (prompts.get(id) === 'pending') prompts.set(id, 'deleted');
    sendJson(res, 200, {});
    return true;
  }
  if (url.pathname === '/interrupt') {
    state.interrupts.push(body ? JSON.parse(body) : undefined);
    sendJson(res, 200, {});
    return true;
  }
  return false;
}

/** GET /history/{id}: empty until the history is written, then its one output (none: no_image). */
function answerHistory(state: FakeState, id: string, res: ServerResponse) {
  if (!state.historyWritten.has(id)) return sendJson(res, 200, {});
  const images =
    state.mode === 'no_image' ? [] : [{ filename: `${id}.png`, subfolder: '', type: 'output' }];
  return sendJson(res, 200, {
    [id]: { outputs: { '9': { images } }, status: { completed: true } },
  });
}
