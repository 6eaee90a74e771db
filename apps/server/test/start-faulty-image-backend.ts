import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { TINY_PNG } from './generation-worker-harness';

/** What one generation request gets back. */
export type BackendBehaviour =
  | 'ok'
  /** Never answers (until the client gives up). */
  | 'hang'
  | 'error-500'
  | 'unavailable-503'
  /** 200 with a body that is not JSON. */
  | 'not-json'
  /** 200, the wire format right, the "image" base64 of bytes that are no image. */
  | 'not-an-image'
  /** 200 and the headers, then the connection drops mid-body. */
  | 'cut-off';

export type BackendWire = 'a1111' | 'openai' | 'comfyui';

export interface FaultyImageBackend {
  url: string;
  /** Generation requests received so far. */
  calls(): number;
  stop(): Promise<void>;
}

const GENERATION_PATH: Record<BackendWire, string> = {
  a1111: '/sdapi/v1/txt2img',
  openai: '/v1/images/generations',
  comfyui: '/prompt',
};

function imageBody(wire: BackendWire, base64: string): string {
  return JSON.stringify(wire === 'a1111' ? { images: [base64] } : { data: [{ b64_json: base64 }] });
}

function answer(wire: 'a1111' | 'openai', behaviour: BackendBehaviour, response: ServerResponse) {
  const json = { 'content-type': 'application/json' };
  switch (behaviour) {
    case 'ok':
      return response.writeHead(200, json).end(imageBody(wire, TINY_PNG.toString('base64')));
    case 'hang':
      return;
    case 'error-500':
      return response.writeHead(500, json).end('{"error":"CUDA out of memory"}');
    case 'unavailable-503':
      return response.writeHead(503).end('warming up');
    case 'not-json':
      return response.writeHead(200, json).end('<html>502 Bad Gateway</html>');
    case 'not-an-image':
      return response
        .writeHead(200, json)
        .end(imageBody(wire, Buffer.from('<script>alert(1)</script>').toString('base64')));
    case 'cut-off':
      response.writeHead(200, { ...json, 'content-length': '100000' });
      response.write('{"images":["iVBOR');
      return response.destroy();
  }
}

/**
 * ComfyUI's flow: POST /prompt queues, the websocket says when it is done, /history names the
 * file and /view serves it. The fault sits where it would in real life: /prompt for errors and
 * garbage answers, the websocket for a hang, /view for a broken image.
 */
function comfyHandler(current: () => BackendBehaviour, onQueued: (promptId: string) => void) {
  return (request: IncomingMessage, response: ServerResponse, promptId: string) => {
    const behaviour = current();
    const json = { 'content-type': 'application/json' };
    const url = request.url ?? '';
    if (url === '/prompt') {
      if (['error-500', 'unavailable-503', 'not-json'].includes(behaviour)) {
        answer('openai', behaviour, response);
        return;
      }
      response.writeHead(200, json).end(JSON.stringify({ prompt_id: promptId }));
      if (behaviour !== 'hang') onQueued(promptId);
      return;
    }
    if (url.startsWith('/history/')) {
      const outputs = { '9': { images: [{ filename: 'out.png', subfolder: '', type: 'output' }] } };
      response.writeHead(200, json).end(JSON.stringify({ [promptId]: { outputs } }));
      return;
    }
    if (url.startsWith('/view')) {
      if (behaviour === 'not-an-image') {
        response.writeHead(200, { 'content-type': 'image/png' }).end('<script>alert(1)</script>');
      } else if (behaviour === 'cut-off') {
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': '100000' });
        response.write(TINY_PNG.subarray(0, 20));
        response.destroy();
      } else {
        response.writeHead(200, { 'content-type': 'image/png' }).end(TINY_PNG);
      }
      return;
    }
    response.writeHead(url === '/queue' || url === '/interrupt' ? 200 : 404).end();
  };
}

/**
 * How the server answers what the engines' probes ask (imagegen's engine-probe.ts): by default it
 * answers them plainly, so a script's faults stay in the generations.
 */
export interface ProbeAnswers {
  /** `hang`: it answers nothing at all; `unauthorized`: 401 to every request (refused login). */
  behaviour?: 'answer' | 'hang' | 'unauthorized';
  /** What ComfyUI's /object_info and A1111's /sdapi/v1/sd-models list (default sd_turbo.safetensors). */
  checkpoints?: string[];
  /** What /v1/models lists (default the server's default OPENAI_IMAGES_MODEL, gpt-image-1). */
  models?: string[];
  /**
   * What A1111's /sdapi/v1/loras lists, by name (default none): like the real server it renders
   * on without a LoRA its prompt names, so only this list tells the probe one is missing. For
   * ComfyUI: the files /object_info/LoraLoader lists.
   */
  loras?: string[];
}

/** ComfyUI's GET /system_stats, A1111's checkpoints and an images API's models, as probes read them. */
function answerProbe(
  wire: BackendWire,
  url: string,
  response: ServerResponse,
  probes: ProbeAnswers,
): boolean {
  const checkpoints = probes.checkpoints ?? ['sd_turbo.safetensors'];
  const send = (value: unknown) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
  if (wire === 'comfyui' && url === '/system_stats') {
    send({ system: { os: 'posix' }, devices: [{ name: 'cuda:0', type: 'cuda' }] });
  } else if (wire === 'comfyui' && url === '/object_info/CheckpointLoaderSimple') {
    const required = { ckpt_name: [checkpoints, {}] };
    send({ CheckpointLoaderSimple: { input: { required }, output: ['MODEL', 'CLIP', 'VAE'] } });
  } else if (wire === 'comfyui' && url === '/object_info/LoraLoader') {
    send({ LoraLoader: { input: { required: { lora_name: [probes.loras ?? [], {}] } } } });
  } else if (wire === 'a1111' && url === '/sdapi/v1/sd-models') {
    send(
      checkpoints.map((name) => ({
        title: `${name} [0123456789]`,
        model_name: name.replace(/\.[^.]+$/, ''),
        filename: `/models/Stable-diffusion/${name}`,
      })),
    );
  } else if (wire === 'a1111' && url === '/sdapi/v1/loras') {
    send((probes.loras ?? []).map((name) => ({ name, alias: name, metadata: {} })));
  } else if (wire === 'openai' && url === '/v1/models') {
    const data = (probes.models ?? ['gpt-image-1']).map((id) => ({ id, object: 'model' }));
    send({ object: 'list', data });
  } else return false;
  return true;
}

/**
 * An AUTOMATIC1111, OpenAI-compatible or ComfyUI image server on 127.0.0.1:<port 0> whose n-th
 * generation gets `script[n]` (the last entry repeats). A1111's progress and interrupt calls
 * answer plainly, so only the generation carries the fault; what its probes are told is `probes`.
 */
export async function startFaultyImageBackend(
  wire: BackendWire,
  script: BackendBehaviour[],
  probes: ProbeAnswers = {},
): Promise<FaultyImageBackend> {
  let calls = 0;
  const behaviourOf = (call: number) => script[Math.min(call, script.length - 1)] ?? 'ok';
  let sockets: WebSocketServer | undefined;
  const comfy = comfyHandler(
    () => behaviourOf(calls - 1),
    (promptId) => {
      const done = JSON.stringify({ type: 'executing', data: { node: null, prompt_id: promptId } });
      setTimeout(() => sockets?.clients.forEach((client) => client.send(done)), 10);
    },
  );
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    if (probes.behaviour === 'hang') return;
    if (probes.behaviour === 'unauthorized') {
      response.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Basic' });
      response.end('{"detail":"Not authenticated"}');
      return;
    }
    if (answerProbe(wire, request.url ?? '', response, probes)) return;
    const isGeneration = request.url === GENERATION_PATH[wire] && request.method === 'POST';
    if (isGeneration) calls += 1;
    if (wire === 'comfyui') {
      comfy(request, response, `prompt-${calls}`);
      return;
    }
    if (isGeneration) {
      answer(wire, behaviourOf(calls - 1), response);
      return;
    }
    if (request.url?.startsWith('/sdapi/v1/progress')) {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"progress":0.5}');
      return;
    }
    response.writeHead(request.url === '/sdapi/v1/interrupt' ? 200 : 404).end();
  });
  if (wire === 'comfyui') sockets = new WebSocketServer({ server, path: '/ws' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls: () => calls,
    stop() {
      sockets?.clients.forEach((client) => client.terminate());
      sockets?.close();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
