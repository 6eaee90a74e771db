import { describe, expect, it } from 'vitest';
import { createImageGenerator } from './create-image-generator';
import type { ImageGenConfig } from './config';
import { fakeCheckpoint, startFakeA1111 } from '../test/helpers/fake-a1111';
import { startFakeComfy } from '../test/helpers/fake-comfyui';
import { closedPortUrl, sendJson, trackTestServers } from '../test/helpers/http-server';
import { useRemoteGenerators } from '../test/helpers/remote-generator';

const fake = trackTestServers();
const { generator, track } = useRemoteGenerators();
/** Accepts the request and never answers. */
const hang = () => undefined;

const probe = async (config: Omit<ImageGenConfig, 'modelsDir'>, timeoutMs = 300) =>
  (await generator(config)).probe!({ timeoutMs });

/** Each backend's probe against fakes of its server: ready, or what is wrong and why. */
describe('probing an engine without rendering', () => {
  describe('ComfyUI: GET /system_stats, then the checkpoint in /object_info', () => {
    it('is ready when the checkpoint is listed, also by an older server', async () => {
      for (const noObjectInfo of [false, true]) {
        const comfy = await startFakeComfy('ok', {
          checkpoints: ['sdxl.safetensors'],
          noObjectInfo,
        });
        track(comfy.close);
        const comfyui = { url: comfy.url, checkpoint: 'sdxl.safetensors' };
        expect(await probe({ backend: 'comfyui', comfyui })).toEqual({
          state: 'ready',
          cause: null,
        });
        expect(comfy.requests.map((request) => request.url)).toContain('/system_stats');
      }
    });

    it('is misconfigured when the checkpoint is missing, naming what it has', async () => {
      const comfy = await startFakeComfy('ok');
      track(comfy.close);
      const comfyui = { url: comfy.url, checkpoint: 'sdxl.safetensors' };
      expect(await probe({ backend: 'comfyui', comfyui })).toEqual({
        state: 'misconfigured',
        cause: 'checkpoint sdxl.safetensors not in /object_info (it has: sd_turbo.safetensors)',
      });
    });

    it('is unreachable when nothing listens, or nothing answers in time', async () => {
      const closed = await closedPortUrl();
      const refused = await probe({ backend: 'comfyui', comfyui: { url: closed } });
      expect(refused).toEqual({
        state: 'unreachable',
        cause: `ECONNREFUSED ${new URL(closed).host}`,
      });
      const silent = await fake(hang);
      const started = Date.now();
      const hung = await probe({ backend: 'comfyui', comfyui: { url: silent.url } }, 200);
      expect(hung).toEqual({
        state: 'unreachable',
        cause: `no answer from ${new URL(silent.url).host} within 0.2 s`,
      });
      expect(Date.now() - started).toBeLessThan(2_000);
    });

    it('is misconfigured when the URL is some other server', async () => {
      const other = await fake((_request, response) => response.writeHead(404).end());
      expect(await probe({ backend: 'comfyui', comfyui: { url: other.url } })).toEqual({
        state: 'misconfigured',
        cause: `GET /system_stats answered 404: is ${other.url} ComfyUI?`,
      });
    });
  });

  describe('AUTOMATIC1111: GET /sdapi/v1/sd-models with its credentials', () => {
    const auth = { username: 'ops', password: 'right' };

    it('is ready with the right login and a listed checkpoint', async () => {
      const a1111 = await startFakeA1111({
        auth,
        checkpoints: [fakeCheckpoint('sdxl.safetensors')],
      });
      track(a1111.close);
      const config = { url: a1111.url, auth, checkpoint: 'sdxl.safetensors' };
      expect(await probe({ backend: 'a1111', a1111: config })).toEqual({
        state: 'ready',
        cause: null,
      });
    });

    it('is misconfigured on a refused login (401) and on a missing checkpoint', async () => {
      const a1111 = await startFakeA1111({ auth });
      track(a1111.close);
      const wrong = { url: a1111.url, auth: { ...auth, password: 'wrong' } };
      expect(await probe({ backend: 'a1111', a1111: wrong })).toEqual({
        state: 'misconfigured',
        cause: '401 from GET /sdapi/v1/sd-models: AUTOMATIC1111 refused the credentials',
      });
      const missing = { url: a1111.url, auth, checkpoint: 'sdxl.safetensors' };
      expect(await probe({ backend: 'a1111', a1111: missing })).toEqual({
        state: 'misconfigured',
        cause:
          'checkpoint sdxl.safetensors not in /sdapi/v1/sd-models (it has: v1-5-pruned-emaonly.safetensors [a1b2c3d4e5])',
      });
    });

    it('is unreachable when nothing listens', async () => {
      const closed = await closedPortUrl();
      expect(await probe({ backend: 'a1111', a1111: { url: closed } })).toMatchObject({
        state: 'unreachable',
        cause: `ECONNREFUSED ${new URL(closed).host}`,
      });
    });
  });

  describe('OpenAI-compatible: GET /v1/models with the key', () => {
    const modelsApi = (key: string) =>
      fake((request, response) => {
        if (request.url !== '/v1/models') return response.writeHead(404).end();
        if (request.headers.authorization !== `Bearer ${key}`)
          return sendJson(response, 401, { error: { message: 'Incorrect API key provided' } });
        sendJson(response, 200, { object: 'list', data: [{ id: 'gpt-image-1', object: 'model' }] });
      });
    const openai = (url: string, model: string, apiKey: string) => ({
      backend: 'openai' as const,
      openai: { url, model, apiKey },
    });

    it('is ready when the key is accepted and the model listed', async () => {
      const api = await modelsApi('sk-right');
      expect(await probe(openai(api.url, 'gpt-image-1', 'sk-right'))).toEqual({
        state: 'ready',
        cause: null,
      });
    });

    it('is misconfigured on a refused key and on a model it does not list', async () => {
      const api = await modelsApi('sk-right');
      expect(await probe(openai(api.url, 'gpt-image-1', 'sk-wrong'))).toEqual({
        state: 'misconfigured',
        cause: '401 from GET /v1/models: the images API refused the credentials',
      });
      expect(await probe(openai(api.url, 'dall-e-3', 'sk-right'))).toEqual({
        state: 'misconfigured',
        cause: 'model dall-e-3 not in /v1/models',
      });
    });

    it('is unreachable when it hangs', async () => {
      const silent = await fake(hang);
      expect(await probe(openai(silent.url, 'gpt-image-1', 'sk'), 100)).toMatchObject({
        state: 'unreachable',
      });
    });
  });

  it('an embedded model whose files are absent is not installed, naming the pull command', async () => {
    const engine = await createImageGenerator({
      backend: 'onnx',
      model: 'sd-turbo',
      modelsDir: '/nonexistent',
    });
    track(() => engine.close());
    expect(await engine.probe!()).toEqual({
      state: 'not_installed',
      cause:
        'Model "sd-turbo" is not installed in /nonexistent; run `npm run models -- pull sd-turbo`.',
    });
  });
});
