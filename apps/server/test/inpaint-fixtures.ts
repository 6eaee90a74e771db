import { encodePng } from '@nocturne/imagegen/png/encode-png';
import { readPngSize } from '@nocturne/imagegen/png/png-size';
import type { ImageGenerator } from '@nocturne/imagegen/create-image-generator';
import type { GenerateRequest } from '@nocturne/imagegen/types';
import { fakeEngine, TINY_PNG } from './generation-worker-harness';

/**
 * A `width`×`height` RGB mask PNG: white over the left half (`left-half`), or black everywhere
 * (`none`, which marks nothing to repaint).
 */
export async function maskPng(
  width: number,
  height: number,
  painted: 'left-half' | 'none' = 'left-half',
): Promise<Buffer> {
  const data = new Uint8Array(width * height * 3);
  if (painted === 'left-half') {
    for (let y = 0; y < height; y += 1) {
      data.fill(255, y * width * 3, (y * width + Math.floor(width / 2)) * 3);
    }
  }
  const encoded = await encodePng(
    { kind: 'rgb', data, width, height },
    { model: 'mask', backend: 'test' },
  );
  return encoded.png;
}

/** A `side`×`side` mask of random grey levels: it compresses badly, so its PNG is large. */
export async function noisyMaskPng(side: number): Promise<Buffer> {
  const data = new Uint8Array(side * side * 3).map(() => Math.floor(Math.random() * 256));
  const encoded = await encodePng(
    { kind: 'rgb', data, width: side, height: side },
    { model: 'mask', backend: 'test' },
  );
  return encoded.png;
}

/** A mask as the web app sends it: a PNG data URL. */
export async function maskDataUrl(
  width: number,
  height: number,
  painted: 'left-half' | 'none' = 'left-half',
): Promise<string> {
  return `data:image/png;base64,${(await maskPng(width, height, painted)).toString('base64')}`;
}

/** A grey `width`×`height` PNG, as an engine's result at the source's size. */
async function greyPng(width: number, height: number): Promise<Buffer> {
  const data = new Uint8Array(width * height * 3).fill(128);
  const encoded = await encodePng(
    { kind: 'rgb', data, width, height },
    { model: 'fake', backend: 'onnx' },
  );
  return encoded.png;
}

/**
 * A fake engine that can vary, upscale ×2 and inpaint, recording every request it gets (the mask
 * included); an image-to-image request is answered at its source's size, any other with a tiny PNG.
 */
export function inpaintingEngine(): { engine: ImageGenerator; received: GenerateRequest[] } {
  const received: GenerateRequest[] = [];
  const recording = fakeEngine(async (_signal, request) => {
    received.push(request);
    if (!request.init) return TINY_PNG;
    const { width, height } = readPngSize(request.init.png);
    return greyPng(width, height);
  });
  const engine: ImageGenerator = {
    ...recording,
    describe: () => ({
      backend: 'onnx',
      configured: 'onnx',
      model: 'fake',
      isPreview: false,
      capabilities: { imageToImage: true, upscaleFactors: [2], livePreview: false, inpaint: true },
    }),
  };
  return { engine, received };
}
