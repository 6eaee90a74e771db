import { describe, expect, it } from 'vitest';
import { sendJson, startServer } from '../../../test/helpers/http-server';
import { requestBody, useRemoteGenerators } from '../../../test/helpers/remote-generator';
import { samplePng } from '../../../test/helpers/sample-png';

const { generator, track } = useRemoteGenerators();

describe('OpenAI-compatible images API receives size and quality in its own values', () => {
  async function images() {
    const server = await startServer(async (_req, res, raw) => {
      const { size } = JSON.parse(raw) as { size: string };
      const [w, h] = size.split('x').map(Number) as [number, number];
      const png = await samplePng(w / 16, h / 16);
      sendJson(res, 200, { data: [{ b64_json: png.toString('base64') }] });
    });
    track(() => server.close());
    return server;
  }
  const make = (url: string, openai: { model: string } & Record<string, unknown>) =>
    generator({ backend: 'openai', openai: { url, ...openai } });

  it('dall-e-3: nearest accepted size, hd for best; seed and negative prompt reported ignored', async () => {
    const server = await images();
    const out = await (
      await make(server.url, { model: 'dall-e-3' })
    ).generate({
      prompt: 'a cat',
      negativePrompt: 'dogs',
      seed: 9,
      aspectRatio: '16:9',
      quality: 'best',
    });
    expect(requestBody(server, '/v1/images/generations')).toEqual({
      model: 'dall-e-3',
      prompt: 'a cat',
      n: 1,
      size: '1792x1024',
      quality: 'hd',
      response_format: 'b64_json',
    });
    expect(out).toMatchObject({ seed: 9, ignoredOptions: ['negative_prompt', 'seed'] });
  });

  it('gpt-image-1: portrait size and low quality; no negative prompt given, none reported', async () => {
    const server = await images();
    const out = await (
      await make(server.url, { model: 'gpt-image-1' })
    ).generate({
      prompt: 'a cat',
      aspectRatio: '2:3',
      quality: 'fast',
    });
    expect(requestBody(server, '/v1/images/generations')).toEqual({
      model: 'gpt-image-1',
      prompt: 'a cat',
      n: 1,
      size: '1024x1536',
      quality: 'low',
    });
    expect(out.ignoredOptions).toEqual(['seed']);
  });

  it('dall-e-2 only has squares and no quality: both reported ignored', async () => {
    const server = await images();
    const out = await (
      await make(server.url, { model: 'dall-e-2' })
    ).generate({
      prompt: 'a cat',
      aspectRatio: '16:9',
      quality: 'best',
    });
    const sent = requestBody(server, '/v1/images/generations');
    expect(sent).toMatchObject({ size: '1024x1024' });
    expect(sent).not.toHaveProperty('quality');
    expect(out.ignoredOptions).toEqual(['seed', 'aspect_ratio', 'quality']);
  });

  it('another compatible model gets the computed size; sizes and quality values are configurable', async () => {
    const server = await images();
    const open = await (
      await make(server.url, { model: 'flux-schnell' })
    ).generate({
      prompt: 'a cat',
      aspectRatio: '9:16',
    });
    expect(requestBody(server, '/v1/images/generations')).toMatchObject({ size: '768x1344' });
    expect(open.ignoredOptions).toEqual(['seed', 'quality']);
    server.requests.length = 0;
    const configured = await make(server.url, {
      model: 'my-model',
      sizes: ['512x512', '768x512'],
      qualityValues: { fast: 'draft', balanced: 'normal', best: 'fine' },
    });
    const out = await configured.generate({ prompt: 'a cat', aspectRatio: '3:2' });
    expect(requestBody(server, '/v1/images/generations')).toMatchObject({
      size: '768x512',
      quality: 'normal',
    });
    expect(out.ignoredOptions).toEqual(['seed']);
  });
});
