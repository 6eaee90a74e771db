import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createImageGenerator } from '../../create-image-generator';
import { readTextChunks } from '../../png/png-chunks';
import { closedPortUrl, sendJson, trackTestServers } from '../../../test/helpers/http-server';
import { samplePng } from '../../../test/helpers/sample-png';

const fake = trackTestServers();

const never = () => undefined; // accepts the request and never answers

describe('openai backend', () => {
  const make = (url: string, timeoutMs = 5_000) =>
    createImageGenerator({
      backend: 'openai',
      modelsDir: '/nonexistent',
      timeoutMs,
      openai: { url, apiKey: 'sk-test', model: 'dall-e-3' },
    });

  it('posts the documented request and marks the returned image', async () => {
    const png = await samplePng();
    const server = await fake((req, res) =>
      sendJson(res, 200, { created: 1, data: [{ b64_json: png.toString('base64') }] }),
    );
    const g = await make(server.url);
    const out = await g.generate({ prompt: 'a cat', width: 1024, height: 1024, seed: 5 });
    const request = server.requests[0];
    expect(request?.url).toBe('/v1/images/generations');
    expect(request?.headers.authorization).toBe('Bearer sk-test');
    expect(JSON.parse(request?.body ?? '{}')).toEqual({
      model: 'dall-e-3',
      prompt: 'a cat',
      n: 1,
      size: '1024x1024',
      quality: 'standard',
      response_format: 'b64_json',
    });
    expect(out).toMatchObject({
      backend: 'openai',
      model: 'dall-e-3',
      seed: 5,
      width: 64,
      height: 64,
    });
    expect(readTextChunks(out.png).Software).toContain('openai');
  });

  it('maps API errors, malformed answers, 5xx, unreachable and slow servers to typed errors', async () => {
    const apiError = await fake((_q, res) =>
      sendJson(res, 400, { error: { message: 'Your prompt was rejected' } }),
    );
    await expect((await make(apiError.url)).generate({ prompt: 'x' })).rejects.toMatchObject({
      kind: 'bad_response',
      message: expect.stringContaining('Your prompt was rejected'),
    });
    // A 200 that is not all ASCII is read as UTF-8 (an all-ASCII one as latin1, the same text).
    const accented = await fake((_q, res) =>
      sendJson(res, 200, { error: { message: 'Requête refusée — 提示被拒绝' } }),
    );
    await expect((await make(accented.url)).generate({ prompt: 'x' })).rejects.toMatchObject({
      message: expect.stringContaining('Requête refusée — 提示被拒绝'),
    });
    const malformed = await fake((_q, res) =>
      sendJson(res, 200, { data: [{ url: 'https://example.invalid/x.png' }] }),
    );
    await expect((await make(malformed.url)).generate({ prompt: 'x' })).rejects.toMatchObject({
      kind: 'bad_response',
    });
    const notJson = await fake((_q, res) => res.writeHead(200).end('<html>gateway</html>'));
    await expect((await make(notJson.url)).generate({ prompt: 'x' })).rejects.toMatchObject({
      kind: 'bad_response',
    });
    const down = await fake((_q, res) => sendJson(res, 503, { error: { message: 'overloaded' } }));
    await expect((await make(down.url)).generate({ prompt: 'x' })).rejects.toMatchObject({
      kind: 'backend_unreachable',
    });
    await expect(
      (await make(await closedPortUrl())).generate({ prompt: 'x' }),
    ).rejects.toMatchObject({
      kind: 'backend_unreachable',
      message: expect.stringContaining('ECONNREFUSED'),
    });
    const slow = await fake(never);
    const started = Date.now();
    await expect((await make(slow.url, 300)).generate({ prompt: 'x' })).rejects.toMatchObject({
      kind: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('reads compressed answers; maps a corrupt or cut answer and a redirect to typed errors', async () => {
    const png = await samplePng();
    const answer = JSON.stringify({ created: 1, data: [{ b64_json: png.toString('base64') }] });
    for (const [encoding, compress] of [
      ['gzip', zlib.gzipSync],
      ['br', zlib.brotliCompressSync],
    ] as const) {
      const compressed = await fake((req, res) => {
        expect(req.headers['accept-encoding']).toContain(encoding);
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding });
        res.end(compress(answer));
      });
      const out = await (await make(compressed.url)).generate({ prompt: 'x' });
      expect(out.width).toBe(64);
    }
    const corrupt = await fake((_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(answer);
    });
    await expect((await make(corrupt.url)).generate({ prompt: 'x' })).rejects.toMatchObject({
      kind: 'bad_response',
      message: expect.stringContaining('gzip body does not decompress'),
    });
    // Headers and half the body, then the connection drops.
    const cut = await fake((_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': answer.length });
      res.write(answer.slice(0, answer.length / 2));
      setTimeout(() => res.destroy(), 20);
    });
    await expect((await make(cut.url)).generate({ prompt: 'x' })).rejects.toMatchObject({
      kind: 'backend_unreachable',
      message: expect.stringContaining('closed the connection mid-answer'),
    });
    const moved = await fake((_q, res) => res.writeHead(302, { location: '/elsewhere' }).end());
    await expect((await make(moved.url)).generate({ prompt: 'x' })).rejects.toMatchObject({
      kind: 'bad_response',
      message: expect.stringContaining('answered 302'),
    });
  });

  it('cancels an in-flight request through AbortSignal', async () => {
    const slow = await fake(never);
    const g = await make(slow.url);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(g.generate({ prompt: 'x' }, { signal: controller.signal })).rejects.toMatchObject({
      kind: 'cancelled',
    });
  });
});
