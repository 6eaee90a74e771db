import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { BadResponseError } from '../../errors';
import type { BackendResult, ImageBackend, ResolvedRequest } from '../../types';
import { abortError } from '../../util/abort';
import { backendFetch, readBytes, readJson, trimSlash } from '../http';
import { openComfySocket } from './comfyui-socket';
import { fillWorkflow, loadWorkflowTemplate } from './workflow-template';

export interface ComfyUiConfig {
  /** e.g. http://127.0.0.1:8188 */
  url: string;
  /** API-format workflow with $placeholders; defaults to the bundled SD-Turbo-friendly one. */
  workflowPath?: string;
  /** Checkpoint file name as ComfyUI lists it (fills `$checkpoint`). */
  checkpoint?: string;
  defaults?: { width: number; height: number; steps: number };
}

const queuedSchema = z.object({ prompt_id: z.string() });
const imageRefSchema = z.object({
  filename: z.string(),
  subfolder: z.string().default(''),
  type: z.string().default('output'),
});
const historySchema = z.record(
  z.string(),
  z
    .object({
      outputs: z.record(
        z.string(),
        z.object({ images: z.array(imageRefSchema).optional() }).loose(),
      ),
    })
    .loose(),
);

export function createComfyUiBackend(config: ComfyUiConfig): ImageBackend {
  const base = trimSlash(config.url);
  const checkpoint = config.checkpoint ?? 'sd_turbo.safetensors';
  const template = loadWorkflowTemplate(config.workflowPath);
  template.catch(() => undefined); // reported on first use

  async function fetchImage(promptId: string, signal: AbortSignal): Promise<Buffer> {
    const history = await backendFetch(
      'ComfyUI',
      `${base}/history/${encodeURIComponent(promptId)}`,
      { signal },
    );
    const parsed = historySchema.safeParse(await readJson('ComfyUI', history, signal));
    const entry = parsed.success ? parsed.data[promptId] : undefined;
    const image = entry && Object.values(entry.outputs).flatMap((output) => output.images ?? [])[0];
    if (!image)
      throw new BadResponseError(`ComfyUI history for prompt ${promptId} lists no output image.`);
    const query = new URLSearchParams({
      filename: image.filename,
      subfolder: image.subfolder,
      type: image.type,
    });
    const view = await backendFetch('ComfyUI', `${base}/view?${query}`, { signal });
    return readBytes('ComfyUI', view, signal);
  }

  return {
    name: 'comfyui',
    model: checkpoint,
    isPreview: false,
    defaults: config.defaults ?? { width: 512, height: 512, steps: 1 },
    async run(request: ResolvedRequest, { signal, onProgress }): Promise<BackendResult> {
      const started = performance.now();
      const clientId = randomUUID();
      const workflow = fillWorkflow(await template, request, checkpoint);
      onProgress(0, 'remote');
      const socket = await openComfySocket(base, clientId, signal);
      let promptId: string | undefined;
      try {
        const queued = await backendFetch('ComfyUI', `${base}/prompt`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          signal,
          body: JSON.stringify({ prompt: workflow, client_id: clientId }),
        });
        const parsed = queuedSchema.safeParse(await readJson('ComfyUI', queued, signal));
        if (!parsed.success) throw new BadResponseError('ComfyUI /prompt answer has no prompt_id.');
        promptId = parsed.data.prompt_id;
        await socket.waitFor(promptId, (f) => onProgress(f * 0.9, 'remote'));
        const image = await fetchImage(promptId, signal);
        return {
          image: { kind: 'encoded', data: image },
          timings: { remote: performance.now() - started },
        };
      } catch (error) {
        if (signal.aborted) {
          if (promptId) void cancelPrompt(base, promptId);
          throw abortError(signal);
        }
        throw error;
      } finally {
        socket.close();
      }
    },
    async close() {},
  };
}

/** Drop it from the queue if still waiting, and interrupt it if already running. */
async function cancelPrompt(base: string, promptId: string): Promise<void> {
  const post = (path: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch(() => undefined);
  await Promise.all([post('/queue', { delete: [promptId] }), post('/interrupt')]);
}
