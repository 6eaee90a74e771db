import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type WebSocket from 'ws';
import { WebSocketServer } from 'ws';

export interface InstantServer {
  url: string;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

function json(res: ServerResponse, value: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

async function listen(handler: Handler, withSockets?: (wss: WebSocketServer) => void) {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handler(req, res, Buffer.concat(chunks).toString()));
  });
  const wss = withSockets ? new WebSocketServer({ server, path: '/ws' }) : undefined;
  if (wss && withSockets) withSockets(wss);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const ws of wss?.clients ?? []) ws.terminate();
        wss?.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** AUTOMATIC1111 answering txt2img at once with `png`; progress says nothing is running. */
export function instantA1111(png: Buffer): Promise<InstantServer> {
  const b64 = png.toString('base64');
  return listen((req, res) => {
    if (req.url === '/sdapi/v1/txt2img') return json(res, { images: [b64], info: '{}' });
    if (req.url === '/internal/progress') return json(res, { active: false, queued: false });
    json(res, { progress: 0, current_task: null });
  });
}

/** An OpenAI-compatible images API answering at once with `png` as b64_json. */
export function instantOpenAi(png: Buffer): Promise<InstantServer> {
  const b64 = png.toString('base64');
  return listen((_req, res) => json(res, { created: 0, data: [{ b64_json: b64 }] }));
}

/**
 * ComfyUI that runs a prompt the moment it is queued: progress, execution_success, then (history
 * written) `executing` with `node: null`, as ComfyUI orders them; /history and /view answer at once.
 */
export function instantComfy(png: Buffer): Promise<InstantServer> {
  const sockets = new Map<string, WebSocket>();
  let counter = 0;
  return listen(
    (req, res, body) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/prompt') {
        const parsed = JSON.parse(body) as { client_id: string; prompt_id?: string };
        const id = parsed.prompt_id ?? `p-${++counter}`;
        json(res, { prompt_id: id, number: counter, node_errors: {} });
        const ws = sockets.get(parsed.client_id);
        for (const [type, data] of [
          ['execution_start', {}],
          ['progress', { value: 1, max: 1, node: '3' }],
          ['execution_success', {}],
          ['executing', { node: null }],
        ] as const) {
          ws?.send(JSON.stringify({ type, data: { prompt_id: id, ...data } }));
        }
        return;
      }
      const history = /^\/history\/(.+)$/.exec(url.pathname);
      if (history?.[1]) {
        const id = decodeURIComponent(history[1]);
        const images = [{ filename: 'out.png', subfolder: '', type: 'output' }];
        return json(res, { [id]: { outputs: { '9': { images } }, status: { completed: true } } });
      }
      if (url.pathname === '/view') return res.writeHead(200).end(png);
      res.writeHead(404).end();
    },
    (wss) =>
      wss.on('connection', (ws, req) => {
        const clientId = new URL(req.url ?? '', 'http://x').searchParams.get('clientId') ?? '';
        sockets.set(clientId, ws);
      }),
  );
}
