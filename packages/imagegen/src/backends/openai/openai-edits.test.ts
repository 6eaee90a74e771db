import { describe, expect, it } from 'vitest';
import { imageGenConfigForEntry } from '../../model-catalog/image-gen-config-for-entry';
import { catalogEntrySchema } from '../../model-catalog/model-catalog-schema';
import { answerEdit, type EditCall } from '../../../test/helpers/fake-images-edits';
import { trackTestServers } from '../../../test/helpers/http-server';
import { useRemoteGenerators } from '../../../test/helpers/remote-generator';
import { samplePng } from '../../../test/helpers/sample-png';

const fake = trackTestServers();
const { generator } = useRemoteGenerators();

async function imagesApi() {
  const calls: EditCall[] = [];
  const server = await fake((req, res, _body, raw) => answerEdit(req, res, raw, calls));
  return Object.assign(server, { calls });
}

async function engineFor(entry: Record<string, unknown>) {
  const parsed = catalogEntrySchema.parse({ id: 'm', name: 'M', backend: 'openai', ...entry });
  const { modelsDir: _, ...config } = imageGenConfigForEntry(parsed, { modelsDir: '/x' }, {});
  return generator(config);
}

describe('image-to-image through the images API’s edits', () => {
  it('sends the source, prompt, model and size as multipart to /v1/images/edits (dall-e-2: `image`)', async () => {
    const server = await imagesApi();
    const g = await engineFor({ url: server.url, model: 'dall-e-2', edits: true });
    const source = await samplePng(512, 512);
    const out = await g.generate({
      prompt: 'a cat in a hat',
      init: { png: source, strength: 0.35 },
    });
    expect(server.requests[0]?.url).toBe('/v1/images/edits');
    expect(server.calls).toHaveLength(1);
    const [call] = server.calls;
    expect(call).toMatchObject({
      model: 'dall-e-2',
      prompt: 'a cat in a hat',
      size: '512x512',
      imageField: 'image',
    });
    expect(call?.image.equals(source)).toBe(true);
    expect(out).toMatchObject({ width: 512, height: 512, strength: 0.35 });
  });

  it('sends a gpt-image model’s source as `image[]`, at the accepted size nearest the source', async () => {
    const server = await imagesApi();
    const g = await engineFor({ url: server.url, model: 'gpt-image-1', edits: true });
    await g.generate({ prompt: 'owl', init: { png: await samplePng(768, 512), strength: 0.7 } });
    expect(server.calls[0]).toMatchObject({ imageField: 'image[]', size: '1536x1024' });
  });

  it('refuses image-to-image for an entry without edits before calling the API', async () => {
    const server = await imagesApi();
    const g = await engineFor({ url: server.url, model: 'dall-e-3' });
    const refused = g.generate({
      prompt: 'owl',
      init: { png: await samplePng(64, 64), strength: 0.5 },
    });
    await expect(refused).rejects.toMatchObject({ kind: 'unsupported' });
    await expect(
      g.generate({
        prompt: 'owl',
        init: { png: await samplePng(64, 64), strength: 0.5 },
        upscale: 2,
      }),
    ).rejects.toMatchObject({ kind: 'unsupported' });
    expect(server.requests).toHaveLength(0);
  });

  it('passes on the API’s refusal when an entry claims edits for a model that takes none', async () => {
    const server = await imagesApi();
    const g = await engineFor({ url: server.url, model: 'dall-e-3', edits: true });
    const refused = g.generate({
      prompt: 'owl',
      init: { png: await samplePng(64, 64), strength: 0.5 },
    });
    await expect(refused).rejects.toThrow(/Invalid value: 'dall-e-3'. Value must be 'dall-e-2'/);
  });
});
