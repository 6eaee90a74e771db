import { existsSync } from 'node:fs';
import path from 'node:path';
import { getImageEngineResponseSchema } from '@nocturne/contract/generations/get-image-engine';
import { PREVIEW_NOTICE } from '@nocturne/imagegen/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';

describe('GET /api/v1/image-engine with no model installed', () => {
  let ctx: TestApp;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    ({ token } = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'engine@example.test'));
  });
  afterAll(() => ctx.close());

  it('falls back to the preview model and says so', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/image-engine',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(getImageEngineResponseSchema.parse(response.json())).toEqual({
      backend: 'onnx',
      model: expect.stringContaining('preview'),
      is_preview: true,
      notice: PREVIEW_NOTICE,
    });
    // The preview model was really built where real models go, so the worker can run it.
    expect(existsSync(path.join(ctx.env.IMAGE.modelsDir, 'preview'))).toBe(true);
  });

  it('needs a bearer token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/image-engine' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/v1/image-engine with a GPU server configured', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({
      env: { IMAGE_BACKEND: 'a1111', A1111_URL: 'http://127.0.0.1:9' },
    });
  });
  afterAll(() => ctx.close());

  it('reports the configured backend and no preview notice', async () => {
    const { token } = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'gpu@example.test');
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/image-engine',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.json()).toMatchObject({ backend: 'a1111', is_preview: false, notice: null });
  });
});
