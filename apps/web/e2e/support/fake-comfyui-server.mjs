// A ComfyUI server for the LoRA spec (playwright.config.ts): it answers the engine's probe, queues
// prompts, tells the client on /ws when each is done and serves the image from /history and
// /view, as ComfyUI does. Like ComfyUI, it lists its loras folder at /object_info/LoraLoader and
// refuses a LoraLoader whose `lora_name` is not in it (400 with `value_not_in_list` in
// node_errors). GET /nocturne/workflows answers the workflows it was given, so the spec can read
// what reached it; a LoadImage must name a file /upload/image took, as ComfyUI's input folder
// must hold it. Nothing but node:http, node:zlib and ws, started by Playwright.
import { createServer } from 'node:http';
import { deflateSync } from 'node:zlib';
import { WebSocketServer } from 'ws';

const port = Number(process.env.PORT ?? 3103);
const CHECKPOINTS = ['sd_turbo.safetensors'];
const LORAS = ['ink_sketch.safetensors', 'film_grain.safetensors'];

const workflows = [];
/** The files /upload/image took, by the names LoadImage may read them under. */
const uploaded = [];
const sockets = new Map();
let counter = 0;

/** A 64×64 RGB PNG with a gradient: a real, varied image for the engine to store. */
function gradientPng(side = 64) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = [];
  for (let y = 0; y < side; y++) {
    const row = Buffer.alloc(1 + side * 3);
    for (let x = 0; x < side; x++) row.set([x * 4, y * 4, (x + y) * 2], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const PNG = gradientPng();

const json = (response, status, value) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));

/** ComfyUI's validate_inputs for the choice inputs this fake checks. */
function refusal(workflow) {
  const lists = {
    CheckpointLoaderSimple: { input: 'ckpt_name', choices: CHECKPOINTS },
    LoraLoader: { input: 'lora_name', choices: LORAS },
    LoadImage: { input: 'image', choices: uploaded },
  };
  const nodeErrors = {};
  for (const [id, node] of Object.entries(workflow)) {
    const list = lists[node.class_type];
    if (!list || list.choices.includes(node.inputs[list.input])) continue;
    const value = node.inputs[list.input];
    nodeErrors[id] = {
      class_type: node.class_type,
      dependent_outputs: ['9'],
      errors: [
        {
          type: 'value_not_in_list',
          message: 'Value not in list',
          details: `${list.input}: '${value}' not in ['${list.choices.join("', '")}']`,
          extra_info: {
            input_name: list.input,
            input_config: [list.choices, {}],
            received_value: value,
          },
        },
      ],
    };
  }
  if (Object.keys(nodeErrors).length === 0) return undefined;
  const error = {
    type: 'prompt_outputs_failed_validation',
    message: 'Prompt outputs failed validation',
  };
  return { error, node_errors: nodeErrors };
}

/** The prompt runs at once: one step of progress, success, then `executing` with node null. */
function run(promptId, clientId) {
  const ws = sockets.get(clientId);
  const send = (type, data) =>
    ws?.send(JSON.stringify({ type, data: { prompt_id: promptId, ...data } }));
  setTimeout(() => {
    send('execution_start', {});
    send('executing', { node: '3' });
    send('progress', { value: 1, max: 1, node: '3' });
    send('execution_success', {});
    send('executing', { node: null });
  }, 50);
}

function queuePrompt(body, response) {
  const parsed = JSON.parse(body);
  workflows.push(parsed.prompt);
  const refused = refusal(parsed.prompt);
  if (refused) return json(response, 400, refused);
  counter += 1;
  const promptId = parsed.prompt_id ?? `p-${counter}`;
  json(response, 200, { prompt_id: promptId, number: counter, node_errors: {} });
  run(promptId, parsed.client_id);
}

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const body = Buffer.concat(chunks).toString('utf8');
    if (url.pathname === '/') return json(response, 200, { serves: 'ComfyUI, fake' });
    if (url.pathname === '/system_stats')
      return json(response, 200, {
        system: { os: 'posix' },
        devices: [{ name: 'cuda:0', type: 'cuda' }],
      });
    if (url.pathname === '/object_info/CheckpointLoaderSimple') {
      const required = { ckpt_name: [CHECKPOINTS, {}] };
      return json(response, 200, {
        CheckpointLoaderSimple: { input: { required }, output: ['MODEL', 'CLIP', 'VAE'] },
      });
    }
    if (url.pathname === '/object_info/LoraLoader') {
      const required = { lora_name: [LORAS, {}] };
      return json(response, 200, {
        LoraLoader: { input: { required }, output: ['MODEL', 'CLIP'] },
      });
    }
    if (url.pathname === '/upload/image' && request.method === 'POST') {
      // Multipart: the file's name is in its part's header; ComfyUI answers where it put it.
      const name = /name="image"; filename="([^"]+)"/.exec(body)?.[1];
      if (!name) return json(response, 400, { error: 'no image' });
      uploaded.push(name);
      return json(response, 200, { name, subfolder: '', type: 'input' });
    }
    if (url.pathname === '/prompt' && request.method === 'POST') return queuePrompt(body, response);
    if (url.pathname.startsWith('/history/')) {
      const promptId = decodeURIComponent(url.pathname.slice('/history/'.length));
      const images = [{ filename: `${promptId}.png`, subfolder: '', type: 'output' }];
      return json(response, 200, { [promptId]: { outputs: { 9: { images } }, status: {} } });
    }
    if (url.pathname === '/view')
      return response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (url.pathname === '/queue')
      return json(response, 200, { queue_running: [], queue_pending: [] });
    if (url.pathname === '/interrupt') return json(response, 200, {});
    if (url.pathname === '/nocturne/workflows') return json(response, 200, workflows);
    return json(response, 404, { error: 'not found' });
  });
});
const wss = new WebSocketServer({ server, path: '/ws' });
wss.on('connection', (ws, request) => {
  const clientId = new URL(request.url ?? '', 'http://fake').searchParams.get('clientId') ?? '';
  sockets.set(clientId, ws);
  ws.on('close', () => sockets.delete(clientId));
  ws.send(
    JSON.stringify({
      type: 'status',
      data: { status: { exec_info: { queue_remaining: 0 } }, sid: clientId },
    }),
  );
});
server.listen(port, '127.0.0.1');
