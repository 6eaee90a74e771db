import { HUB_URL } from './hub-url';
import type { ModelFile, ModelManifest } from './manifest';
import { parseManifest } from './manifest';

/**
 * Files of a Hugging Face repository at one commit (never `resolve/main`, which moves). The
 * commit fixes every file's content: pull reads each file's sha256 or git blob id from the Hub's
 * tree for it. The sizes and hashes given here were read elsewhere and must agree with the tree.
 */
function hubFiles(
  repo: string,
  commit: string,
  files: Array<{ path: string; from?: string; size?: number; sha256?: string }>,
): ModelFile[] {
  return files.map(({ path, from, ...pins }) => ({
    path,
    url: `${HUB_URL}/${repo}/resolve/${commit}/${from ?? path}`,
    ...pins,
  }));
}

/** TAESD (MIT) as exported to ONNX, at one commit: the decoder and the image encoder. */
const TAESD_REPO = 'deinferno/taesd-onnx';
const TAESD_COMMIT = 'f99d5f3d1962fe37e321c31bb86214a87a0cde4b';
/** TAESD's encoder: pinned by the commit alone, its sha256 and size read from the Hub's tree. */
const TAESD_ENCODER = { path: 'taesd_encoder/model.onnx', from: 'vae_encoder/model.onnx' };

const TOKENIZER = ['vocab.json', 'merges.txt', 'special_tokens_map.json', 'tokenizer_config.json'];
const tokenizerFiles = () => TOKENIZER.map((f) => ({ path: `tokenizer/${f}` }));

/**
 * SD-Turbo as exported by Optimum (standard ai.onnx operators only, float16 weights, dynamic
 * batch/size axes) with TAESD as the decoder. `pull` widens the fp16 weights to fp32 and proves
 * the model on the CPU provider before installing it (decision 019). Since July 2024 SD-Turbo is
 * under the Stability AI Community License (the licence file its model card links): commercial use is free
 * below a revenue limit, registered, with a credit shown (decision 078).
 *
 * One source per file: no byte-identical copy of this export's weights could be read from the
 * stored Hub pages (other SD-Turbo exports are other bytes), so no mirror is listed
 * (docs/models.md says how to add one).
 */
const SD_TURBO = parseManifest(
  {
    name: 'sd-turbo',
    description:
      'Stability AI SD-Turbo (SD 2.1 distilled for 1–4 steps, 512×512) with the TAESD tiny decoder, fp32 on CPU.',
    licence: {
      name: 'Stability AI Community License (SD-Turbo); MIT (TAESD)',
      url: `${HUB_URL}/stabilityai/sd-turbo/blob/main/LICENSE.md`,
      commercialUse: true,
      conditions: [
        'Commercial use is free only while the business (with its affiliates) makes under USD 1,000,000 a year; above that it needs an Enterprise licence from Stability AI.',
        'Commercial use must be registered with Stability AI (stability.ai/community-license).',
        'The service must show "Powered by Stability AI" on its website, interface, about page or documentation.',
        "Use must follow Stability AI's Acceptable Use Policy (stability.ai/use-policy).",
      ],
    },
    source: `${HUB_URL}/jdp8/sd-turbo-onnx + ${HUB_URL}/deinferno/taesd-onnx`,
    defaults: { width: 512, height: 512 },
    components: {
      tokenizer: 'tokenizer',
      textEncoder: 'text_encoder/model.onnx',
      unet: 'unet/model.onnx',
      decoder: 'taesd_decoder/model.onnx',
      encoder: TAESD_ENCODER.path,
    },
    decoder: { scalingFactor: 1 },
    widenFloat16: ['text_encoder/model.onnx', 'unet/model.onnx'],
    // fp32 text encoder (1.4 GB) + UNet (3.5 GB) resident, plus activations at 512×512.
    memoryMb: 6000,
    files: [
      ...hubFiles('jdp8/sd-turbo-onnx', '4ea5d203f7def52bcf83781990f97721c98a7f22', [
        ...tokenizerFiles(),
        { path: 'text_encoder/model.onnx' },
        {
          path: 'unet/model.onnx',
          sha256: '4818018ae363eea642585229c256f008ec7ec995260be061d203d23997ad29eb',
        },
      ]),
      ...hubFiles(TAESD_REPO, TAESD_COMMIT, [
        {
          path: 'taesd_decoder/model.onnx',
          from: 'vae_decoder/model.onnx',
          sha256: '2f82beecbb0dce16ccf7c327f096eed54c39d91d0cab20416ffa1fcd39f6928f',
        },
        TAESD_ENCODER,
      ]),
    ],
  },
  'catalog:sd-turbo',
);

/**
 * SDXS-512-DreamShaper (IDKiro, one step, SD 1.5-sized UNet pruned, tiny decoder) as an fp16
 * ONNX export for ONNX Runtime. CreativeML Open RAIL++-M: images may be sold and the model run
 * in a paid service, with no revenue limit, provided the licence's use restrictions are part of
 * the service's terms. Sizes and sha256 are those the export's publisher checked before upload;
 * the Hub's tree at the commit is the authority.
 *
 * One source per file: the export is a course's upload, and no other copy of these bytes could
 * be read from the stored Hub pages, so no mirror is listed (docs/models.md).
 */
const SDXS = parseManifest(
  {
    name: 'sdxs-512-dreamshaper',
    description:
      'SDXS-512-DreamShaper (one-step distilled SD 1.5 architecture, 512×512) with its tiny decoder, fp32 on CPU.',
    licence: {
      name: 'CreativeML Open RAIL++-M (SDXS-512-DreamShaper); MIT (TAESD encoder)',
      url: `${HUB_URL}/IDKiro/sdxs-512-dreamshaper`,
      commercialUse: true,
      conditions: [
        "The licence's use restrictions (its Attachment A: nothing unlawful, nothing that exploits or harms minors, no disinformation meant to harm, no defamation or harassment, no discrimination, no fully automated decisions against people's rights, no medical advice) must be an enforceable part of the service's terms of use.",
        'People using the service must be told that the model is subject to those restrictions.',
      ],
    },
    source: `${HUB_URL}/blinkfy/CVClass-SDXS-ONNX (export of IDKiro/sdxs-512-dreamshaper@76f7202)`,
    defaults: { width: 512, height: 512 },
    // Distilled for a single step: more steps do not improve the image. One step at every
    // quality also declares it a one-step model: no Vary or Upscale through it unless the
    // operator's catalog entry turns them on (`offers`), since image-to-image smears (decision 077).
    qualitySteps: { fast: 1, balanced: 1, best: 1 },
    // TAESD's encoder makes the SD latents its tiny decoder was distilled to read.
    components: { encoder: TAESD_ENCODER.path },
    // AutoencoderTiny: latents go in unscaled.
    decoder: { scalingFactor: 1 },
    widenFloat16: ['text_encoder/model.onnx', 'unet/model.onnx', 'vae_decoder/model.onnx'],
    // fp32 text encoder (0.5 GB) + UNet (1.4 GB) resident, plus activations at 512×512.
    memoryMb: 2500,
    files: [
      ...hubFiles('blinkfy/CVClass-SDXS-ONNX', '1fd4b780fb0ead12bbf73f60b90ab2f5d03b53a5', [
        ...tokenizerFiles(),
        {
          path: 'text_encoder/model.onnx',
          from: 'text_encoder/model.fp16.onnx',
          size: 246_280_550,
          sha256: 'af8b9ed5ae2a832d914996000b8bb1eb48c7e420e4d3da8666b8b2e9050556ab',
        },
        {
          path: 'unet/model.onnx',
          from: 'unet/model.fp16.onnx',
          size: 689_988_794,
          sha256: '238b7b300bb0545222645669dbd1b345af2b31ea917a9ceb6dfd83c24e98256f',
        },
        {
          path: 'vae_decoder/model.onnx',
          from: 'vae_decoder/model.fp16.onnx',
          size: 2_468_157,
          sha256: '60c78268e188011e6a73c452d03aaf6877a53f153eb91ca8265efc17c6b26fa0',
        },
      ]),
      ...hubFiles(TAESD_REPO, TAESD_COMMIT, [TAESD_ENCODER]),
    ],
  },
  'catalog:sdxs-512-dreamshaper',
);

export const DEFAULT_MODEL = 'sd-turbo';
/**
 * The model the start-up log recommends first: its licence lets a paid service of any size run
 * it (SD-Turbo's stops at a revenue limit). The default name stays `sd-turbo` for installs that
 * rely on it (decision 019).
 */
export const RECOMMENDED_MODEL = 'sdxs-512-dreamshaper';
export const PREVIEW_MODEL = 'preview';

export const CATALOG: ReadonlyMap<string, ModelManifest> = new Map(
  [SD_TURBO, SDXS].map((m) => [m.name, m]),
);
