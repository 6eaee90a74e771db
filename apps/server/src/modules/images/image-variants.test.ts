import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app';

/** A 16:9 PNG, as a backend renders for that ratio. */
function widePng() {
  return sharp({
    create: { width: 1024, height: 576, channels: 3, background: { r: 200, g: 40, b: 90 } },
  })
    .png()
    .toBuffer();
}

/** GET /images/…?w=: smaller copies for srcset (issue 31 item 11). */
describe('image variants', () => {
  let ctx: TestApp;
  let key: string;
  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    ctx = await createTestApp();
    key = await ctx.app.images.save(await widePng());
  });
  afterAll(() => ctx.close());

  it.each([256, 512])(
    'serves the image %i px wide as WebP, its aspect ratio kept',
    async (width) => {
      const response = await get(`${ctx.app.images.urlFor(key)}&w=${width}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      const meta = await sharp(response.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, (width * 9) / 16]);
      // The second request is served from the cache with the same bytes.
      const again = await get(`${ctx.app.images.urlFor(key)}&w=${width}`);
      expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
    },
  );

  it('the original stays the stored PNG', async () => {
    const response = await get(ctx.app.images.urlFor(key));
    expect(response.headers['content-type']).toBe('image/png');
    expect((await sharp(response.rawPayload).metadata()).width).toBe(1024);
  });

  it('refuses a width outside the set, and a variant of an unsigned or altered link', async () => {
    const refused = await get(`${ctx.app.images.urlFor(key)}&w=300`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    expect(refused.json<{ message: string }>().message).toContain('w');
    expect((await get(`/images/${key}?w=256`)).statusCode).toBe(403);
    // Its first character changed (one link in 64 already starts with any given character).
    const altered = ctx.app.images
      .urlFor(key)
      .replace(
        /signature=(.)/,
        (_match, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`,
      );
    expect((await get(`${altered}&w=256`)).statusCode).toBe(403);
  });

  it("a removed image's cached variants stop with it", async () => {
    const gone = await ctx.app.images.save(await widePng());
    const url = `${ctx.app.images.urlFor(gone)}&w=256`;
    expect((await get(url)).statusCode).toBe(200);
    await ctx.app.images.remove(gone);
    expect((await get(url)).statusCode).toBe(404);
  });
});
