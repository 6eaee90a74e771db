import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodePng } from '@nocturne/imagegen/png/encode-png';

/** Random pixels do not compress: 512×512 RGB is a ~790 kB PNG, ~1.05 MB once base64-encoded. */
const SIDE = 512;

/**
 * One answered request: its prompt, whether it was an edit with a mask (an inpaint), and when it
 * arrived and was answered (performance.now()).
 */
export interface ServedRequest {
  prompt: string;
  maskedEdit?: boolean;
  receivedAt: number;
  answeredAt: number;
}

export interface FakeImagesApi {
  /** Base URL for OPENAI_IMAGES_URL. */
  url: string;
  /** The PNG every answer carries. */
  png: Buffer;
  /** Requests received and not yet answered. */
  waiting(): number;
  /** Every answered request so far (the benchmarks time the backend's share with it). */
  served(): ServedRequest[];
  /** Holds every answer until release(), so a test can keep a worker busy. */
  hold(): void;
  release(): void;
  stop(): Promise<void>;
}

/** The models `GET /v1/models` lists: the server's default OPENAI_IMAGES_MODEL. */
const LISTED_MODELS = ['gpt-image-1'];

const IMAGE_PATHS = ['/v1/images/generations', '/v1/images/edits'];

/** The prompt of a JSON generation request, or of a multipart edit (its `prompt` field). */
function promptOf(body: string): { prompt: string; maskedEdit: boolean } {
  if (body.startsWith('{'))
    return { prompt: (JSON.parse(body) as { prompt?: string }).prompt ?? '', maskedEdit: false };
  const prompt = /name="prompt"\r\n\r\n([^\r]*)\r\n/.exec(body)?.[1] ?? '';
  return { prompt, maskedEdit: body.includes('name="mask"') };
}

/**
 * An OpenAI-compatible images API on 127.0.0.1: `POST /v1/images/generations` and
 * `/v1/images/edits` (multipart, an inpaint's with its `mask`) answer `{ data: [{ b64_json }] }`
 * (the wire format of imagegen's openai backend) with one real PNG, and `GET /v1/models` lists
 * its models (what the engine's probe reads).
 */
export async function startFakeImagesApi(): Promise<FakeImagesApi> {
  const { png } = await encodePng(
    { kind: 'rgb', data: randomBytes(SIDE * SIDE * 3), width: SIDE, height: SIDE },
    { model: 'fake-images-api', backend: 'openai' },
  );
  const answer = JSON.stringify({ data: [{ b64_json: png.toString('base64') }] });
  let held: Promise<void> = Promise.resolve();
  let release: () => void = () => undefined;
  let waiting = 0;
  const served: ServedRequest[] = [];
  const server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/v1/models') {
      const data = LISTED_MODELS.map((id) => ({ id, object: 'model', owned_by: 'fake' }));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ object: 'list', data }));
      return;
    }
    if (request.method !== 'POST' || !IMAGE_PATHS.includes(request.url ?? '')) {
      response.writeHead(404).end();
      return;
    }
    const receivedAt = performance.now();
    waiting += 1;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    const body = new Promise<void>((resolve) => request.on('end', resolve));
    void Promise.all([held, body]).then(() => {
      waiting -= 1;
      response.once('finish', () => {
        const asked = promptOf(Buffer.concat(chunks).toString('latin1') || '{}');
        served.push({ ...asked, receivedAt, answeredAt: performance.now() });
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    png,
    waiting: () => waiting,
    served: () => served,
    hold() {
      held = new Promise((resolve) => (release = resolve));
    },
    release: () => release(),
    stop() {
      release();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
