import type { ImageGenLogger } from '../config';
import type { ImageBackend } from '../types';
import type { OnnxBackend } from './onnx-backend';

export type AutoOnnxBackend = OnnxBackend & { readonly fallbackReason: string | undefined };

/**
 * IMAGE_BACKEND=auto with an installed model: the model is loaded (and run once) on warm-up or
 * on the first job; when that fails the server keeps serving with the preview model, says why
 * in the log, and reports it as `fallbackReason`. Failures after a good load are the job's own.
 */
export function createAutoOnnxBackend(
  primary: OnnxBackend,
  openPreview: () => Promise<OnnxBackend>,
  log: ImageGenLogger,
): AutoOnnxBackend {
  let current: OnnxBackend = primary;
  let fallbackReason: string | undefined;
  let ready: Promise<void> | undefined;

  async function load(): Promise<void> {
    try {
      await primary.warmup();
    } catch (error) {
      fallbackReason = (error as Error).message;
      log('error', `Model "${primary.model}" failed to load; serving the preview model instead.`, {
        reason: fallbackReason,
      });
      await primary.close().catch(() => undefined);
      current = await openPreview();
      await current.warmup();
    }
  }

  const ensureReady = () => (ready ??= load());

  const backend: AutoOnnxBackend = {
    name: 'onnx',
    get model() {
      return current.model;
    },
    get isPreview() {
      return current.isPreview;
    },
    get defaults() {
      return current.defaults;
    },
    get qualitySteps() {
      return current.qualitySteps;
    },
    get capabilities() {
      return current.capabilities;
    },
    get fallbackReason() {
      return fallbackReason;
    },
    warmup: ensureReady,
    async run(request, context) {
      await ensureReady();
      return current.run(request, context);
    },
    async close() {
      await ready?.catch(() => undefined);
      await current.close();
    },
  };
  return backend satisfies ImageBackend;
}
