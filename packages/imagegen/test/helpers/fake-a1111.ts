import type { IncomingMessage } from 'node:http';
import { sendJson, startServer, type TestServer } from './http-server';
import { samplePng } from './sample-png';

export interface FakeCheckpoint {
  title: string;
  model_name: string;
  hash: string;
  sha256: string;
  filename: string;
  config: null;
}

/** A checkpoint as /sdapi/v1/sd-models lists one (title = name relative to its folder + hash). */
export function fakeCheckpoint(name: string, hash = 'a1b2c3d4e5'): FakeCheckpoint {
  return {
    title: `${name} [${hash}]`,
    model_name: name.replace(/\.[^.]+$/, '').replace(/\//g, '_'),
    hash,
    sha256: `${hash}${'0'.repeat(54)}`,
    filename: `/stable-diffusion-webui/models/Stable-diffusion/${name}`,
    config: null,
  };
}

export interface FakeA1111 extends TestServer {
  /** txt2img bodies received, parsed. */
  txt2img: Array<Record<string, unknown>>;
  /** The checkpoint each image was rendered with (its title). */
  renderedWith: string[];
}

export interface FakeA1111Options {
  /** Runs as with `--api-auth user:password`: every /sdapi route needs HTTP basic auth. */
  auth?: { username: string; password: string };
  checkpoints?: FakeCheckpoint[];
}

/** FastAPI's HTTPBasic + webui's auth(), through api_middleware's exception handler. */
function refusal(req: IncomingMessage, auth: { username: string; password: string }) {
  const header = req.headers.authorization ?? '';
  const expected = `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
  if (header === expected) return undefined;
  const detail = header.startsWith('Basic ')
    ? 'Incorrect username or password'
    : 'Not authenticated';
  return { error: 'HTTPException', detail, body: '', errors: `401: ${detail}` };
}

/**
 * Speaks AUTOMATIC1111's API as it behaves: GET /sdapi/v1/sd-models, POST /sdapi/v1/txt2img
 * (images at 1/8 of the size asked, `info` naming the checkpoint used) and a progress that says
 * nothing. Like the real one (processing.py), an `override_settings.sd_model_checkpoint` it has no
 * alias for is dropped silently and the loaded checkpoint renders.
 */
export async function startFakeA1111(options: FakeA1111Options = {}): Promise<FakeA1111> {
  const checkpoints = options.checkpoints ?? [fakeCheckpoint('v1-5-pruned-emaonly.safetensors')];
  let loaded = checkpoints[0];
  const txt2img: FakeA1111['txt2img'] = [];
  const renderedWith: string[] = [];
  const aliases = (c: FakeCheckpoint) => [
    c.title,
    c.title.replace(/ \[.*\]$/, ''),
    c.model_name,
    c.hash,
    c.sha256,
  ];
  const server = await startServer(async (req, res, raw) => {
    const refused = options.auth && refusal(req, options.auth);
    if (refused) {
      res.setHeader('www-authenticate', 'Basic');
      return sendJson(res, 401, refused);
    }
    if (req.url === '/sdapi/v1/sd-models') return sendJson(res, 200, checkpoints);
    if (req.url === '/sdapi/v1/txt2img') {
      const body = JSON.parse(raw) as Record<string, unknown>;
      txt2img.push(body);
      const override = (body.override_settings as { sd_model_checkpoint?: string } | undefined)
        ?.sd_model_checkpoint;
      const wanted = checkpoints.find((c) => override && aliases(c).includes(override));
      if (wanted) loaded = wanted;
      renderedWith.push(loaded?.title ?? '');
      const png = await samplePng(Number(body.width) / 8, Number(body.height) / 8);
      const info = { sd_model_name: loaded?.model_name, sd_model_hash: loaded?.hash };
      return sendJson(res, 200, {
        images: [png.toString('base64')],
        parameters: body,
        info: JSON.stringify(info),
      });
    }
    if (req.url?.startsWith('/sdapi/v1/progress')) return sendJson(res, 200, { progress: 0 });
    sendJson(res, 404, { detail: 'Not Found' });
  });
  return Object.assign(server, { txt2img, renderedWith });
}
