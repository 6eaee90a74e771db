import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
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

export type BackendWire = 'a1111' | 'openai';

export interface FaultyImageBackend {
  url: string;
  /** Generation requests received so far. */
  calls(): number;
  stop(): Promise<void>;
}

const GENERATION_PATH: Record<BackendWire, string> = {
  a1111: '/sdapi/v1/txt2img',
  openai: '/v1/images/generations',
};

function imageBody(wire: BackendWire, base64: string): string {
  return JSON.stringify(wire === 'a1111' ? { images: [base64] } : { data: [{ b64_json: base64 }] });
}

function answer(wire: BackendWire, behaviour: BackendBehaviour, response: ServerResponse) {
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
 * An AUTOMATIC1111 or OpenAI-compatible image server on 127.0.0.1:<port 0> whose n-th generation
 * request gets `script[n]` (the last entry repeats). A1111's progress and interrupt calls answer
 * plainly, so only the generation call carries the fault.
 */
export async function startFaultyImageBackend(
  wire: BackendWire,
  script: BackendBehaviour[],
): Promise<FaultyImageBackend> {
  let calls = 0;
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    if (request.url === GENERATION_PATH[wire] && request.method === 'POST') {
      const behaviour = script[Math.min(calls, script.length - 1)] ?? 'ok';
      calls += 1;
      answer(wire, behaviour, response);
      return;
    }
    if (request.url?.startsWith('/sdapi/v1/progress')) {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"progress":0.5}');
      return;
    }
    response.writeHead(request.url === '/sdapi/v1/interrupt' ? 200 : 404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls: () => calls,
    stop() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
