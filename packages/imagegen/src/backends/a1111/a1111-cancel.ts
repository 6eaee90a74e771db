import { z } from 'zod';
import { sleep } from '../../util/abort';

/** How long a cancelled job that is still waiting in A1111's queue is watched for its start. */
export const CANCEL_WATCH_MS = 10 * 60_000;
/** Polls that may find the task unknown (the txt2img call not arrived yet) before giving up. */
const UNKNOWN_POLLS = 3;

const taskStateSchema = z.object({
  active: z.boolean(),
  queued: z.boolean(),
  completed: z.boolean(),
});

export type CancelOutcome = 'interrupted' | 'finished' | 'unknown' | 'unavailable' | 'stopped';

/**
 * A1111's `/sdapi/v1/interrupt` stops whatever job is running, whoever sent it. So the job is
 * interrupted only when `/internal/progress` says the task we named (`force_task_id`) is the
 * active one; while it still waits behind someone else's, it is watched until it starts (each
 * job resets the interrupt flag when it begins, so an earlier interrupt would hit the other job).
 * Without `/internal/progress` nothing is interrupted.
 */
export async function interruptIfOurs(options: {
  base: string;
  headers: Record<string, string>;
  taskId: string;
  intervalMs: number;
  stop: AbortSignal;
}): Promise<CancelOutcome> {
  const { base, headers, taskId, intervalMs, stop } = options;
  const deadline = Date.now() + CANCEL_WATCH_MS;
  let unknown = 0;
  try {
    while (Date.now() < deadline) {
      const response = await fetch(`${base}/internal/progress`, {
        method: 'POST',
        headers,
        signal: stop,
        body: JSON.stringify({ id_task: taskId, id_live_preview: -1, live_preview: false }),
      });
      const state = taskStateSchema.safeParse(response.ok ? await response.json() : undefined);
      if (!state.success) return 'unavailable';
      if (state.data.active) {
        await fetch(`${base}/sdapi/v1/interrupt`, { method: 'POST', headers, signal: stop });
        return 'interrupted';
      }
      if (state.data.completed) return 'finished';
      if (!state.data.queued && ++unknown > UNKNOWN_POLLS) return 'unknown';
      await sleep(intervalMs, stop);
    }
    return 'unknown';
  } catch {
    return stop.aborted ? 'stopped' : 'unavailable';
  }
}
