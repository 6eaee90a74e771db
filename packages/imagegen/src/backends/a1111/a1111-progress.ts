import { z } from 'zod';
import { sleep } from '../../util/abort';
import { decodeBase64Image } from '../http';

// POST /internal/progress answers for the task named; `progress` only while it is the active one.
// Asked with `live_preview: true`, it adds the image forming as a data URL (PNG, JPEG or WebP per
// the server's live_previews_image_format) whenever its `id_live_preview` differs from the one
// sent (modules/progress.py; needs the server's live_previews_enable, on by default).
const taskProgressSchema = z.object({
  active: z.boolean(),
  progress: z.number().nullish(),
  live_preview: z.string().nullish(),
  id_live_preview: z.number().nullish(),
});
// GET /sdapi/v1/progress describes whatever job runs; `current_task` (A1111 1.6+) says whose.
const serverProgressSchema = z.object({
  progress: z.number(),
  current_task: z.string().nullish(),
});

/**
 * Follows our job's progress on a server others may share: `/sdapi/v1/progress` alone reports
 * whichever job is running, so a number counts only when the server says it is our task —
 * `/internal/progress` asked about our `force_task_id`, or, where that endpoint is missing,
 * `/sdapi/v1/progress` naming it as `current_task`. A server that says neither reports nothing.
 * Fractions only grow. With `preview`, each new live preview of our task is handed over encoded.
 * Best effort: the txt2img call decides success or failure.
 */
export async function followTaskProgress(options: {
  base: string;
  headers: Record<string, string>;
  taskId: string;
  intervalMs: number;
  done: AbortSignal;
  report: (fraction: number) => void;
  preview?: (encoded: Buffer, fraction: number) => void;
}): Promise<void> {
  const { base, headers, taskId, intervalMs, done, report, preview } = options;
  let useInternal = true;
  let reported = 0;
  let previewId = -1;
  const ours = async (): Promise<number | undefined> => {
    if (useInternal) {
      const response = await fetch(`${base}/internal/progress`, {
        method: 'POST',
        headers,
        signal: done,
        body: JSON.stringify({
          id_task: taskId,
          id_live_preview: previewId,
          live_preview: preview !== undefined,
        }),
      });
      const state = taskProgressSchema.safeParse(response.ok ? await response.json() : undefined);
      if (state.success) {
        if (!state.data.active) return undefined;
        const { live_preview: image, id_live_preview: id } = state.data;
        if (preview && image && typeof id === 'number') {
          previewId = id;
          preview(decodeBase64Image('AUTOMATIC1111', image), state.data.progress ?? 0);
        }
        return state.data.progress ?? 0;
      }
      useInternal = false;
    }
    const response = await fetch(`${base}/sdapi/v1/progress?skip_current_image=true`, {
      headers,
      signal: done,
    });
    const state = serverProgressSchema.safeParse(response.ok ? await response.json() : undefined);
    return state.success && state.data.current_task === taskId ? state.data.progress : undefined;
  };
  while (!done.aborted) {
    try {
      await sleep(intervalMs, done);
      const fraction = await ours();
      if (fraction !== undefined && fraction > reported) report((reported = Math.min(fraction, 1)));
    } catch {
      // A failed poll is skipped; the next one may answer.
    }
  }
}
