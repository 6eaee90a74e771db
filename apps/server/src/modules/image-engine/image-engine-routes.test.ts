import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getImageEngineResponseSchema } from '@nocturne/contract/generations/get-image-engine';
import { PREVIEW_NOTICE } from '@nocturne/imagegen/config';
import { buildPreviewFiles } from '@nocturne/imagegen/preview/ensure-preview-model';
import { sha256Bytes, writeFileAtomic } from '@nocturne/imagegen/util/files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';

describe('GET /api/v1/image-engine with no model installed', () => {
  let ctx: TestApp;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestApp({ catalog: 'from-env' });
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
      fallback_reason: null,
      setup_command: 'npm run models -- pull sd-turbo',
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
      catalog: 'from-env',
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
    expect(response.json()).toMatchObject({
      backend: 'a1111',
      is_preview: false,
      notice: null,
      setup_command: null,
    });
  });
});

describe('GET /api/v1/image-engine when the installed model fails to load', () => {
  let ctx: TestApp;
  let modelsDir: string;
  beforeAll(async () => {
    modelsDir = await mkdtemp(path.join(tmpdir(), 'nocturne-models-'));
    // A model that is installed (manifest, files of the right size) but whose UNet is no ONNX.
    const files = buildPreviewFiles();
    files.set('unet/model.onnx', 'not an onnx model');
    for (const [file, data] of files)
      await writeFileAtomic(path.join(modelsDir, 'broken', file), data);
    const manifest = {
      name: 'broken',
      licence: { name: 'test' },
      defaults: {},
      components: {},
      files: [...files].map(([file, data]) => ({
        path: file,
        size: Buffer.byteLength(data),
        sha256: sha256Bytes(data),
      })),
    };
    await writeFileAtomic(
      path.join(modelsDir, 'broken', 'manifest.json'),
      JSON.stringify(manifest),
    );
    ctx = await createTestApp({
      catalog: 'from-env',
      env: { MODELS_DIR: modelsDir, IMAGE_MODEL: 'broken' },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(modelsDir, { recursive: true, force: true });
  });

  it('reports the preview model, the notice and why, once the engine has warmed up', async () => {
    await ctx.app.imageEngine.warmup();
    const { token } = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'broken@example.test');
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/image-engine',
      headers: { authorization: `Bearer ${token}` },
    });
    const body = getImageEngineResponseSchema.parse(response.json());
    expect(body).toMatchObject({
      backend: 'onnx',
      model: 'preview',
      is_preview: true,
      notice: expect.stringContaining('the installed model "broken" failed to load'),
    });
    expect(body.fallback_reason).toContain('unet/model.onnx');
  });
});
