import type { ModelManifest } from './manifest';
import { parseManifest } from './manifest';

const HF = 'https://huggingface.co';

/** A file of a Hugging Face repository at one commit: never `resolve/main`, which moves. */
function hf(repo: string, revision: string, path: string): string {
  return `${HF}/${repo}/resolve/${revision}/${path}`;
}

const SD_TURBO_REPO = 'jdp8/sd-turbo-onnx';
const SD_TURBO_REVISION = '4ea5d203f7def52bcf83781990f97721c98a7f22';
const TAESD_REPO = 'deinferno/taesd-onnx';
const TAESD_REVISION = 'f99d5f3d1962fe37e321c31bb86214a87a0cde4b';

/**
 * SD-Turbo as exported by Optimum (standard ai.onnx operators only, float16 weights, dynamic
 * batch/size axes) with TAESD as the decoder. `pull` widens the fp16 weights to fp32 and proves
 * the model on the CPU provider before installing it (decision 019). Pins whose sha256 could
 * not be read from the Hub on the build machine are absent; `pull --record-pins` fills them.
 */
const SD_TURBO = parseManifest(
  {
    name: 'sd-turbo',
    description:
      'Stability AI SD-Turbo (SD 2.1 distilled for 1–4 steps, 512×512) with the TAESD tiny decoder, fp32 on CPU.',
    licence: {
      name: 'Stability AI Non-Commercial Research Community License (SD-Turbo); MIT (TAESD)',
      url: `${HF}/stabilityai/sd-turbo/blob/main/LICENSE.md`,
    },
    source: `${HF}/${SD_TURBO_REPO}@${SD_TURBO_REVISION} + ${HF}/${TAESD_REPO}@${TAESD_REVISION}`,
    defaults: { width: 512, height: 512 },
    components: {
      tokenizer: 'tokenizer',
      textEncoder: 'text_encoder/model.onnx',
      unet: 'unet/model.onnx',
      decoder: 'taesd_decoder/model.onnx',
    },
    decoder: { scalingFactor: 1, outputRange: 'minus_one_to_one' },
    widenFloat16: ['text_encoder/model.onnx', 'unet/model.onnx'],
    // fp32 text encoder (1.4 GB) + UNet (3.5 GB) resident, plus activations at 512×512.
    memoryMb: 6000,
    files: [
      ...['vocab.json', 'merges.txt', 'special_tokens_map.json', 'tokenizer_config.json'].map(
        (f) => ({
          path: `tokenizer/${f}`,
          url: hf(SD_TURBO_REPO, SD_TURBO_REVISION, `tokenizer/${f}`),
        }),
      ),
      {
        path: 'text_encoder/model.onnx',
        url: hf(SD_TURBO_REPO, SD_TURBO_REVISION, 'text_encoder/model.onnx'),
      },
      {
        path: 'unet/model.onnx',
        url: hf(SD_TURBO_REPO, SD_TURBO_REVISION, 'unet/model.onnx'),
        sha256: '4818018ae363eea642585229c256f008ec7ec995260be061d203d23997ad29eb',
      },
      {
        path: 'taesd_decoder/model.onnx',
        url: hf(TAESD_REPO, TAESD_REVISION, 'vae_decoder/model.onnx'),
        sha256: '2f82beecbb0dce16ccf7c327f096eed54c39d91d0cab20416ffa1fcd39f6928f',
      },
    ],
  },
  'catalog:sd-turbo',
);

export const DEFAULT_MODEL = 'sd-turbo';
export const PREVIEW_MODEL = 'preview';

export const CATALOG: ReadonlyMap<string, ModelManifest> = new Map([[SD_TURBO.name, SD_TURBO]]);
