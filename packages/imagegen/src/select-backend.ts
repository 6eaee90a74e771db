import { createA1111Backend } from './backends/a1111/a1111-backend';
import { createComfyUiBackend } from './backends/comfyui/comfyui-backend';
import { createOpenAiBackend } from './backends/openai/openai-backend';
import { PREVIEW_NOTICE, type ImageGenConfig } from './config';
import { ModelMissingError } from './errors';
import { CATALOG, DEFAULT_MODEL } from './models/catalog';
import { isModelInstalled, readInstalledManifest } from './models/model-store';
import { createAutoOnnxBackend } from './onnx/auto-onnx-backend';
import { createOnnxBackend } from './onnx/onnx-backend';
import { intraOpThreadsFor } from './onnx/physical-cores';
import { ensurePreviewModel } from './preview/ensure-preview-model';
import { TURBO_QUALITY_STEPS } from './quality-steps';
import { TEXT_TO_IMAGE_ONLY, type ImageBackend } from './types';

/**
 * An embedded model whose files are not installed: every job fails with `message`, and its probe
 * says `not_installed` with it, so the model is not offered until it is pulled.
 */
function missingModelBackend(name: string, message: string): ImageBackend {
  return {
    name: 'onnx',
    model: name,
    isPreview: false,
    defaults: CATALOG.get(name)?.defaults ?? { width: 512, height: 512 },
    qualitySteps: CATALOG.get(name)?.qualitySteps ?? TURBO_QUALITY_STEPS,
    capabilities: TEXT_TO_IMAGE_ONLY,
    probe: async () => ({ state: 'not_installed', cause: message }),
    run: () => Promise.reject(new ModelMissingError(message)),
    close: async () => {},
  };
}

function required<T>(value: T | undefined, what: string): T {
  if (!value) throw new Error(`IMAGE_BACKEND needs ${what} configured.`);
  return value;
}

/** Turns the configuration into one backend; `auto` falls back to the preview model loudly. */
export async function selectBackend(config: ImageGenConfig): Promise<ImageBackend> {
  const settings = {
    intraOpThreads: config.intraOpThreads ?? 0,
    livePreviewShare: config.livePreviewShare,
  };
  const log = config.logger ?? (() => undefined);
  switch (config.backend) {
    case 'comfyui':
      return createComfyUiBackend(required(config.comfyui, 'a ComfyUI URL'));
    case 'a1111':
      return createA1111Backend(required(config.a1111, 'an AUTOMATIC1111 URL'));
    case 'openai':
      return createOpenAiBackend(required(config.openai, 'an images API URL and model'));
    case 'onnx':
    case 'auto': {
      const name = config.model ?? DEFAULT_MODEL;
      const openPreview = async () => {
        const previewName = await ensurePreviewModel(config.modelsDir);
        const preview = await readInstalledManifest(config.modelsDir, previewName);
        if (!preview)
          throw new ModelMissingError(`Could not build the preview model in ${config.modelsDir}.`);
        return createOnnxBackend(config.modelsDir, preview, settings);
      };
      if (await isModelInstalled(config.modelsDir, name)) {
        const manifest = await readInstalledManifest(config.modelsDir, name);
        if (manifest) {
          log('info', `Image generation: ONNX model "${name}" on CPU.`, {
            modelsDir: config.modelsDir,
            intraOpThreads: intraOpThreadsFor(settings.intraOpThreads),
          });
          const backend = createOnnxBackend(config.modelsDir, manifest, settings);
          return config.backend === 'auto'
            ? createAutoOnnxBackend(backend, openPreview, log)
            : backend;
        }
      }
      const hint = `Model "${name}" is not installed in ${config.modelsDir}; run \`npm run models -- pull ${name}\`.`;
      if (config.backend === 'onnx') {
        log('error', hint);
        return missingModelBackend(name, hint);
      }
      const preview = await openPreview();
      log('warn', `${PREVIEW_NOTICE}. ${hint}`, { model: preview.model });
      return preview;
    }
  }
}
