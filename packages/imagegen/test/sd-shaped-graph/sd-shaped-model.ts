import { CATALOG, DEFAULT_MODEL } from '../../src/models/catalog';
import type { ModelManifestInput } from '../../src/models/manifest';
import { buildPreviewTokenizer } from '../../src/preview/preview-tokenizer';
import { buildTaesdDecoder, type DecoderShape, type TaesdWeights } from './taesd-decoder';
import { buildTaesdEncoder, type EncoderShape } from './taesd-encoder';
import { buildTextEncoder, type TextEncoderShape } from './text-encoder';
import { buildUnet, type UnetShape } from './unet';

export interface SdShape {
  textEncoder: TextEncoderShape;
  unet: UnetShape;
  decoder: DecoderShape;
  encoder: EncoderShape;
}

const PREVIEW_VOCAB = Object.keys(buildPreviewTokenizer().vocab).length;

/** SD-Turbo's layer shapes: OpenCLIP ViT-H text tower (23 of 24 layers), SD 2.1 UNet, TAESD. */
export const SD_TURBO_SHAPE: SdShape = {
  textEncoder: { vocabSize: 49408, width: 1024, layers: 23, heads: 16, maxPositions: 77 },
  unet: {
    channels: [320, 640, 1280, 1280],
    attention: [true, true, true, false],
    resBlocksPerLevel: 2,
    groups: 32,
    headDim: 64,
    middleBlock: true,
    contextDim: 1024,
    contextTokens: 77,
  },
  decoder: { channels: 64, blocksPerStage: 3, outputGain: 0.05 },
  encoder: { channels: 64, blocksPerStage: 3, latentGain: 30 },
};

/**
 * SDXS-512-DreamShaper's layer shapes: CLIP ViT-L/14 text tower (12 layers), the SD 1.5 UNet
 * pruned as BK-SDM-Tiny prunes it (three levels of 320/640/1280 channels, one res block down and
 * two up per level, no middle block, transformers at the two lower resolutions only, 8 heads),
 * and its tiny decoder (TAESD's widths). Read from stable-diffusion.cpp's SDXS loader
 * (src/model/diffusion/unet.hpp: `VERSION_SDXS_512_DS`) and the export's file sizes (text
 * encoder 246 MB and UNet 690 MB in fp16: 123 M and 345 M weights).
 */
export const SDXS_SHAPE: SdShape = {
  textEncoder: { vocabSize: 49408, width: 768, layers: 12, heads: 12, maxPositions: 77 },
  unet: {
    channels: [320, 640, 1280],
    attention: [false, true, true],
    resBlocksPerLevel: 1,
    groups: 32,
    headDim: 64,
    heads: 8,
    middleBlock: false,
    contextDim: 768,
    contextTokens: 77,
  },
  decoder: { channels: 64, blocksPerStage: 3, outputGain: 0.05 },
  encoder: { channels: 64, blocksPerStage: 3, latentGain: 30 },
};

/** The same architecture with tiny widths: every operator and axis, in milliseconds. */
export const TINY_SD_SHAPE: SdShape = {
  textEncoder: { vocabSize: PREVIEW_VOCAB, width: 32, layers: 2, heads: 2, maxPositions: 77 },
  unet: {
    channels: [8, 16, 16, 16],
    attention: [true, true, true, false],
    resBlocksPerLevel: 2,
    groups: 4,
    headDim: 4,
    middleBlock: true,
    contextDim: 32,
    contextTokens: 77,
  },
  decoder: { channels: 8, blocksPerStage: 3, outputGain: 0.2 },
  encoder: { channels: 8, blocksPerStage: 3, latentGain: 30 },
};

/** Latent side of a 512×512 image: what the FLOP counts are for. */
const LATENT_SIDE = 64;

export type SdStage = 'encode' | 'denoise' | 'decode';

/**
 * The three graphs at the paths of the catalog's SD-Turbo entry, in its precisions: text
 * encoder and UNet float16 (as the Optimum fp16 export ships them), TAESD float32.
 */
export const SD_SHAPED_GRAPHS: ReadonlyArray<{
  path: string;
  stage: SdStage;
  build(shape: SdShape, seed: number, taesd?: TaesdWeights): { model: Uint8Array; flops: number };
}> = [
  {
    path: 'text_encoder/model.onnx',
    stage: 'encode',
    build: (shape, seed) => buildTextEncoder(shape.textEncoder, 'fp16', seed),
  },
  {
    path: 'unet/model.onnx',
    stage: 'denoise',
    build: (shape, seed) => buildUnet(shape.unet, 'fp16', seed + 1, LATENT_SIDE),
  },
  {
    path: 'taesd_decoder/model.onnx',
    stage: 'decode',
    build: (shape, seed, taesd) =>
      buildTaesdDecoder(shape.decoder, 'fp32', seed + 2, LATENT_SIDE, taesd),
  },
];

/** The CLIP-layout tokenizer files (the preview's small vocabulary). */
export function sdShapedTokenizerFiles(): Map<string, string> {
  const { vocab, merges } = buildPreviewTokenizer();
  return new Map([
    ['tokenizer/vocab.json', JSON.stringify(vocab)],
    ['tokenizer/merges.txt', `#version: 0.2\n${merges.join('\n')}\n`],
    ['tokenizer/special_tokens_map.json', JSON.stringify({ pad_token: '<|endoftext|>' })],
  ]);
}

/**
 * TAESD's image encoder at the catalog's path, float32 as published, with the real export's
 * names, dtypes and operators. With random weights like the rest it does not invert the decoder
 * (a proof's round trip refuses it); the `inverse` pair (`taesd-inverse.ts`) does.
 */
export const SD_SHAPED_ENCODER = {
  path: 'taesd_encoder/model.onnx',
  build: (shape: SdShape, seed: number, taesd?: TaesdWeights) =>
    buildTaesdEncoder(shape.encoder, 'fp32', seed + 3, LATENT_SIDE * 8, taesd),
};

/**
 * Every file of an SD-shaped model, in memory (for small shapes); the image encoder on request.
 * `taesd: 'inverse'` builds the TAESD decoder and encoder as each other's inverse (as a trained
 * pair nearly is), so a model with the image encoder passes the proof's round trip; by default
 * their weights are seeded random values like the rest.
 */
export function buildSdShapedFiles(
  shape: SdShape,
  seed = 1,
  options: { imageEncoder?: boolean; taesd?: TaesdWeights } = {},
): Map<string, Uint8Array | string> {
  const files = new Map<string, Uint8Array | string>(sdShapedTokenizerFiles());
  for (const graph of SD_SHAPED_GRAPHS) {
    files.set(graph.path, graph.build(shape, seed, options.taesd).model);
  }
  if (options.imageEncoder) {
    files.set(SD_SHAPED_ENCODER.path, SD_SHAPED_ENCODER.build(shape, seed, options.taesd).model);
  }
  return files;
}

/**
 * The manifest fields of the catalog's SD-Turbo entry: layout, decoder, what pull widens. The
 * image encoder is named only when `files` has it (a model without one is text-to-image only).
 */
export function sdTurboManifestFields(
  files?: ReadonlyMap<string, unknown>,
): Pick<
  ModelManifestInput,
  'components' | 'decoder' | 'widenFloat16' | 'defaults' | 'qualitySteps' | 'scheduler'
> {
  const entry = CATALOG.get(DEFAULT_MODEL);
  if (!entry) throw new Error(`The catalog has no ${DEFAULT_MODEL}`);
  const { decoder, widenFloat16, defaults, qualitySteps, scheduler } = entry;
  const { encoder, ...components } = entry.components;
  const withEncoder = encoder !== undefined && files?.has(encoder) === true;
  return {
    components: withEncoder ? { ...components, encoder } : components,
    decoder,
    widenFloat16,
    defaults,
    qualitySteps,
    scheduler,
  };
}
