import { z } from 'zod';

// GET /queue lists entries as [number, prompt_id, prompt, extra_data, outputs_to_execute].
const queueSchema = z.object({
  queue_running: z.array(z.array(z.unknown())),
});

const post = (base: string, path: string, body: unknown) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/**
 * Removes our prompt from ComfyUI's queue if it is still waiting, and interrupts it only if it is
 * the one running: a bare `/interrupt` stops whatever runs, whoever queued it. The delete goes
 * first so a prompt that starts in between shows up as running. `/interrupt` also gets the
 * prompt_id, which newer ComfyUI checks itself (older versions ignore the body).
 */
export async function cancelComfyPrompt(
  base: string,
  promptId: string,
): Promise<'deleted' | 'interrupted'> {
  await post(base, '/queue', { delete: [promptId] }).catch(() => undefined);
  try {
    const response = await fetch(`${base}/queue`);
    const queue = queueSchema.safeParse(response.ok ? await response.json() : undefined);
    const running = queue.success && queue.data.queue_running.some((e) => e[1] === promptId);
    if (!running) return 'deleted';
    await post(base, '/interrupt', { prompt_id: promptId });
    return 'interrupted';
  } catch {
    return 'deleted';
  }
}
