import { describe, expect, it } from 'vitest';
import { imageGenConfigForEntry } from '../../model-catalog/image-gen-config-for-entry';
import { catalogEntrySchema } from '../../model-catalog/model-catalog-schema';
import { sendJson, trackTestServers } from '../../../test/helpers/http-server';
import { requestBody, useRemoteGenerators } from '../../../test/helpers/remote-generator';
import { samplePng } from '../../../test/helpers/sample-png';

const fake = trackTestServers();
const { generator } = useRemoteGenerators();

/** An images API that checks the bearer key as OpenAI does (401 with an error object). */
function imagesApi(key: string) {
  return fake(async (req, res, raw) => {
    if (req.headers.authorization !== `Bearer ${key}`)
      return sendJson(res, 401, {
        error: { message: 'Incorrect API key provided.', type: 'invalid_request_error' },
      });
    const [w, h] = (JSON.parse(raw) as { size: string }).size.split('x').map(Number);
    const png = await samplePng((w ?? 64) / 16, (h ?? 64) / 16);
    sendJson(res, 200, { data: [{ b64_json: png.toString('base64') }] });
  });
}

async function engineFor(entry: Record<string, unknown>, env: Record<string, string>) {
  const parsed = catalogEntrySchema.parse({ id: 'm', name: 'M', backend: 'openai', ...entry });
  const { modelsDir: _, ...config } = imageGenConfigForEntry(parsed, { modelsDir: '/x' }, env);
  return generator(config);
}

describe('an OpenAI-compatible model from the catalog', () => {
  it('sends its model with the key from the variable it names, at its native size', async () => {
    const server = await imagesApi('sk-live');
    const entry = {
      url: server.url,
      model: 'flux-schnell',
      nativeSize: { width: 768, height: 768 },
      credentials: { apiKeyEnv: 'GATEWAY_KEY' },
    };
    const out = await (
      await engineFor(entry, { GATEWAY_KEY: 'sk-live' })
    ).generate({
      prompt: 'a cat',
      aspectRatio: '3:2',
    });
    expect(requestBody(server, '/v1/images/generations')).toMatchObject({
      model: 'flux-schnell',
      size: '960x640',
    });
    expect(out.model).toBe('flux-schnell');
    const refused = await engineFor(entry, { GATEWAY_KEY: 'sk-old' });
    await expect(refused.generate({ prompt: 'a cat' })).rejects.toMatchObject({
      kind: 'misconfigured',
      message: expect.stringMatching(/401 .*Incorrect API key provided.*check the API key/),
    });
    await expect(engineFor(entry, {})).rejects.toThrow(
      'credentials.apiKeyEnv names the environment variable GATEWAY_KEY, which is not set',
    );
  });
});
