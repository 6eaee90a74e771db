import type { ModelManifest } from './manifest';
import { parseManifest } from './manifest';

const HF = 'https://huggingface.co';

/**
 * SD-Turbo (ONNX export published for ONNX Runtime) with TAESD as the CPU decoder. Sizes and
 * hashes are not pinned: they could not be fetched from this build machine, so the first `pull`
 * records them in the installed manifest (trust on first use) and `verify` checks against that.
 */
const SD_TURBO = parseManifest(
  {
    name: 'sd-turbo',
    description:
      'Stability AI SD-Turbo (SD 2.1 distilled for 1–4 steps, 512×512) with the TAESD tiny decoder.',
    licence: {
      name: 'Stability AI Non-Commercial Research Community License (SD-Turbo); MIT (TAESD)',
      url: `${HF}/stabilityai/sd-turbo/blob/main/LICENSE.md`,
    },
    source: `${HF}/tlwu/sd-turbo-onnxruntime + ${HF}/deinferno/taesd-onnx`,
    defaults: { width: 512, height: 512 },
    components: {
      tokenizer: 'tokenizer',
      textEncoder: 'text_encoder/model.onnx',
      unet: 'unet/model.onnx',
      decoder: 'taesd_decoder/model.onnx',
    },
    decoder: { scalingFactor: 1, outputRange: 'minus_one_to_one' },
    files: [
      ...['vocab.json', 'merges.txt', 'special_tokens_map.json', 'tokenizer_config.json'].map(
        (f) => ({
          path: `tokenizer/${f}`,
          url: `${HF}/tlwu/sd-turbo-onnxruntime/resolve/main/tokenizer/${f}`,
        }),
      ),
      {
        path: 'text_encoder/model.onnx',
        url: `${HF}/tlwu/sd-turbo-onnxruntime/resolve/main/text_encoder/model.onnx`,
      },
      {
        path: 'unet/model.onnx',
        url: `${HF}/tlwu/sd-turbo-onnxruntime/resolve/main/unet/model.onnx`,
      },
      {
        path: 'taesd_decoder/model.onnx',
        url: `${HF}/deinferno/taesd-onnx/resolve/main/vae_decoder/model.onnx`,
      },
    ],
  },
  'catalog:sd-turbo',
);

export const DEFAULT_MODEL = 'sd-turbo';
export const PREVIEW_MODEL = 'preview';

export const CATALOG: ReadonlyMap<string, ModelManifest> = new Map([[SD_TURBO.name, SD_TURBO]]);
