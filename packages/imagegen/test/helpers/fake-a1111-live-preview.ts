import sharp from 'sharp';

/**
 * A1111's `POST /internal/progress` with live previews on (modules/progress.py): for the active
 * task, the progress and, when asked with `live_preview: true` and an `id_live_preview` other than
 * the current one, the image forming as a data URL in the server's format. A render waits (up to
 * 2 s) until one preview has been handed out, so a test sees it while the job runs.
 */
export function liveA1111Progress(format: 'png' | 'jpeg' | 'webp') {
  let running: string | undefined;
  let served: () => void = () => undefined;
  const image = sharp({
    create: { width: 48, height: 32, channels: 3, background: { r: 30, g: 160, b: 90 } },
  })
    .toFormat(format)
    .toBuffer();
  return {
    /** Runs `render` as the active task `taskId`, once a preview went out (or 2 s passed). */
    async during<T>(taskId: string, render: () => Promise<T>): Promise<T> {
      running = taskId;
      await new Promise<void>((resolve) => {
        served = resolve;
        setTimeout(resolve, 2_000);
      });
      try {
        return await render();
      } finally {
        running = undefined;
      }
    },
    async answer(body: string): Promise<object> {
      const asked = JSON.parse(body || '{}') as {
        id_task?: string;
        id_live_preview?: number;
        live_preview?: boolean;
      };
      if (!running || asked.id_task !== running)
        return { active: false, queued: false, completed: false };
      const fresh = asked.live_preview && asked.id_live_preview !== 1;
      const preview = fresh
        ? `data:image/${format};base64,${(await image).toString('base64')}`
        : null;
      if (fresh) setTimeout(() => served(), 50);
      return {
        active: true,
        queued: false,
        completed: false,
        progress: 0.5,
        eta: 1,
        live_preview: preview,
        id_live_preview: 1,
        textinfo: '',
      };
    },
  };
}
