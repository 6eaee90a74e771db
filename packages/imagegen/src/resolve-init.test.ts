import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { maskPng } from '../test/helpers/mask-png';
import { InpaintMaskInvalidError, isImageGenError } from './errors';
import { TURBO_QUALITY_STEPS } from './quality-steps';
import { resolveRequest } from './resolve-request';
import type { GenerateRequest, ImageBackend } from './types';
import { TEXT_TO_IMAGE_ONLY } from './types';

const backend = {
  name: 'onnx',
  model: 'm',
  defaults: { width: 512, height: 512 },
  qualitySteps: TURBO_QUALITY_STEPS,
  capabilities: { imageToImage: true, upscaleFactors: [2], livePreview: true },
} as unknown as ImageBackend;
const textOnly = { ...backend, capabilities: TEXT_TO_IMAGE_ONLY } as ImageBackend;

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
let source: Buffer;

beforeAll(async () => {
  source = await png(384, 256);
});

async function refusal(
  request: Partial<GenerateRequest>,
  on = backend,
): Promise<{ kind: string; message: string }> {
  try {
    await resolveRequest({ prompt: 'a cat', ...request }, on);
  } catch (error) {
    if (isImageGenError(error)) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error('not refused');
}

describe('resolveRequest with a source image', () => {
  it("takes the source's size, times the upscale, over any size or ratio asked", async () => {
    const init = { png: source, strength: 0.35 };
    expect(
      await resolveRequest({ prompt: 'a cat', init, seed: 3, steps: 4 }, backend),
    ).toMatchObject({
      width: 384,
      height: 256,
      aspectRatio: '3:2',
      seed: 3,
      steps: 4,
      init: { strength: 0.35, width: 384, height: 256 },
    });
    const up = await resolveRequest(
      { prompt: 'a cat', init, upscale: 2, width: 64, aspectRatio: '1:1' },
      backend,
    );
    expect([up.width, up.height, up.aspectRatio, up.init?.width]).toEqual([768, 512, '3:2', 384]);
    expect(
      (await resolveRequest({ prompt: 'a cat', init: { png: source, strength: 1 } }, backend))
        .steps,
    ).toBe(2);
  });

  it('refuses strengths outside (0, 1]', async () => {
    for (const strength of [0, -0.1, 1.01, Number.NaN, '0.5' as unknown as number]) {
      expect(await refusal({ init: { png: source, strength } })).toEqual({
        kind: 'invalid_request',
        message: `init.strength must be greater than 0 and at most 1, got ${String(strength)}.`,
      });
    }
  });

  it('refuses what is not a PNG, and sides that are not multiples of 64', async () => {
    const jpeg = await sharp(source).jpeg().toBuffer();
    expect(await refusal({ init: { png: jpeg, strength: 0.5 } })).toEqual({
      kind: 'invalid_request',
      message: 'init.png is not a PNG image.',
    });
    expect((await refusal({ init: { png: source.subarray(0, 20), strength: 0.5 } })).kind).toBe(
      'invalid_request',
    );
    expect(await refusal({ init: { png: await png(100, 64), strength: 0.5 } })).toEqual({
      kind: 'invalid_request',
      message: 'init.png must have sides that are multiples of 64, got 100×64.',
    });
    expect(
      await refusal({ init: { png: await png(1536, 64), strength: 0.3 }, upscale: 2 }),
    ).toEqual({
      kind: 'invalid_request',
      message: 'The output would be 3072×128; each side must be at most 2048.',
    });
  });

  it("refuses as unsupported what the backend's capabilities do not cover", async () => {
    expect(await refusal({ init: { png: source, strength: 0.5 } }, textOnly)).toEqual({
      kind: 'unsupported',
      message: 'onnx model "m" cannot start from an image (no image-to-image).',
    });
    expect(await refusal({ init: { png: source, strength: 0.3 }, upscale: 4 })).toEqual({
      kind: 'unsupported',
      message: 'onnx model "m" cannot upscale ×4 (it offers: ×2).',
    });
    expect(await refusal({ upscale: 2 })).toEqual({
      kind: 'invalid_request',
      message: 'upscale needs init: the image to enlarge.',
    });
  });
});

describe('resolveRequest with a mask', () => {
  const inpainter = {
    ...backend,
    capabilities: { ...backend.capabilities, inpaint: true },
  } as ImageBackend;

  it("reads the mask at the source's size for every backend", async () => {
    const mask = await maskPng({ width: 96, height: 64 }, { x: 0, y: 0, w: 48, h: 64 });
    const resolved = await resolveRequest(
      { prompt: 'a cat', init: { png: source, strength: 0.9, mask } },
      inpainter,
    );
    expect(resolved.init?.mask).toBe(mask);
    expect([resolved.init?.inpaintMask?.width, resolved.init?.inpaintMask?.height]).toEqual([
      384, 256,
    ]);
    expect([resolved.width, resolved.height]).toEqual([384, 256]);
  });

  it('refuses it where the backend cannot inpaint, with an upscale, or unreadable', async () => {
    const mask = await maskPng({ width: 64, height: 64 }, { x: 0, y: 0, w: 32, h: 32 });
    expect(await refusal({ init: { png: source, strength: 0.9, mask } })).toEqual({
      kind: 'unsupported',
      message: 'onnx model "m" cannot repaint a region (no inpainting).',
    });
    expect(
      await refusal({ init: { png: source, strength: 0.9, mask }, upscale: 2 }, inpainter),
    ).toEqual({
      kind: 'invalid_request',
      message: 'init.mask repaints at the source size; it takes no upscale.',
    });
    const black = await maskPng({ width: 64, height: 64 });
    const empty = await resolveRequest(
      { prompt: 'a cat', init: { png: source, strength: 0.9, mask: black } },
      inpainter,
    ).catch((error: unknown) => error);
    expect(empty).toBeInstanceOf(InpaintMaskInvalidError);
    expect((empty as InpaintMaskInvalidError).kind).toBe('invalid_request');
  });
});
