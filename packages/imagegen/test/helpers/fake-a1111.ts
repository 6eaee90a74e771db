import type { IncomingMessage } from 'node:http';
import { sendJson, startServer, type TestServer } from './http-server';
import sharp from 'sharp';
import { liveA1111Progress } from './fake-a1111-live-preview';
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
  /** img2img and extra-single-image bodies received, parsed. */
  img2img: Array<Record<string, unknown>>;
  extras: Array<Record<string, unknown>>;
}

export interface FakeA1111Options {
  /** Runs as with `--api-auth user:password`: every /sdapi route needs HTTP basic auth. */
  auth?: { username: string; password: string };
  checkpoints?: FakeCheckpoint[];
  /** The upscalers /sdapi/v1/upscalers lists (default None, Lanczos, Nearest, R-ESRGAN 4x+). */
  upscalers?: string[];
  /** Live previews on, in this format (/internal/progress answers; it is a 404 otherwise). */
  livePreviews?: 'png' | 'jpeg' | 'webp';
  /**
   * The LoRAs /sdapi/v1/loras lists, by name (default none). Like the real one, a `<lora:…>` in
   * a prompt naming another is ignored while rendering: only the list tells it is missing.
   */
  loras?: string[];
}

/**
 * POST /sdapi/v1/extra-single-image as modules/postprocessing.py runs it: an `upscaler_1` it does
 * not have fails an assertion (a 500 through api_middleware); `resize_mode` 0 scales the source
 * by `upscaling_resize`.
 */
async function extraSingleImage(body: Record<string, unknown>, upscalers: string[]) {
  const name = String(body.upscaler_1);
  if (!upscalers.includes(name)) {
    const errors = `could not find upscaler named ${name}`;
    return { status: 500, value: { error: 'AssertionError', detail: '', body: '', errors } };
  }
  const source = await sharp(Buffer.from(String(body.image), 'base64')).metadata();
  const factor = Number(body.upscaling_resize);
  const png = await samplePng(source.width * factor, source.height * factor);
  return { status: 200, value: { html_info: '', image: png.toString('base64') } };
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
 * alias for is dropped silently and the loaded checkpoint renders. POST /sdapi/v1/img2img answers
 * at the full size asked (a 404 "Init image not found" without `init_images`, as api.py does, and
 * a 500 "Invalid encoded image" for a `mask` that is no image, as its decode_base64_to_image);
 * GET /sdapi/v1/upscalers and POST /sdapi/v1/extra-single-image upscale.
 */
export async function startFakeA1111(options: FakeA1111Options = {}): Promise<FakeA1111> {
  const checkpoints = options.checkpoints ?? [fakeCheckpoint('v1-5-pruned-emaonly.safetensors')];
  let loaded = checkpoints[0];
  const txt2img: FakeA1111['txt2img'] = [];
  const img2img: FakeA1111['img2img'] = [];
  const extras: FakeA1111['extras'] = [];
  const upscalers = options.upscalers ?? ['None', 'Lanczos', 'Nearest', 'R-ESRGAN 4x+'];
  const live = options.livePreviews && liveA1111Progress(options.livePreviews);
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
    if (req.url === '/sdapi/v1/loras') {
      const item = (name: string) => ({
        name,
        alias: name,
        path: `/models/Lora/${name}.safetensors`,
        metadata: {},
      });
      return sendJson(res, 200, (options.loras ?? []).map(item));
    }
    if (req.url === '/sdapi/v1/upscalers') {
      const item = (name: string) => ({ name, model_name: null, model_path: null, scale: 4 });
      return sendJson(res, 200, upscalers.map(item));
    }
    if (req.url === '/sdapi/v1/extra-single-image') {
      const body = JSON.parse(raw) as Record<string, unknown>;
      extras.push(body);
      const answer = await extraSingleImage(body, upscalers);
      return sendJson(res, answer.status, answer.value);
    }
    const fromImage = req.url === '/sdapi/v1/img2img';
    if (req.url === '/sdapi/v1/txt2img' || fromImage) {
      const body = JSON.parse(raw) as Record<string, unknown>;
      (fromImage ? img2img : txt2img).push(body);
      const init = body.init_images as string[] | undefined;
      if (fromImage && !init?.length) return sendJson(res, 404, { detail: 'Init image not found' });
      if (fromImage && !(await decodesAsImage(body.mask))) {
        return sendJson(res, 500, { error: 'HTTPException', detail: 'Invalid encoded image' });
      }
      const override = (body.override_settings as { sd_model_checkpoint?: string } | undefined)
        ?.sd_model_checkpoint;
      const wanted = checkpoints.find((c) => override && aliases(c).includes(override));
      if (wanted) loaded = wanted;
      renderedWith.push(loaded?.title ?? '');
      const shrink = fromImage ? 1 : 8;
      const render = () => samplePng(Number(body.width) / shrink, Number(body.height) / shrink);
      const png = await (live ? live.during(String(body.force_task_id), render) : render());
      const info = { sd_model_name: loaded?.model_name, sd_model_hash: loaded?.hash };
      return sendJson(res, 200, {
        images: [png.toString('base64')],
        parameters: body,
        info: JSON.stringify(info),
      });
    }
    if (live && req.url === '/internal/progress') return sendJson(res, 200, await live.answer(raw));
    if (req.url?.startsWith('/sdapi/v1/progress')) return sendJson(res, 200, { progress: 0 });
    sendJson(res, 404, { detail: 'Not Found' });
  });
  return Object.assign(server, { txt2img, renderedWith, img2img, extras });
}

/** Whether an img2img `mask`, when there is one, is a base64 image api.py could open. */
async function decodesAsImage(mask: unknown): Promise<boolean> {
  if (mask === undefined || mask === null) return true;
  if (typeof mask !== 'string') return false;
  try {
    await sharp(Buffer.from(mask, 'base64')).metadata();
    return true;
  } catch {
    return false;
  }
}
