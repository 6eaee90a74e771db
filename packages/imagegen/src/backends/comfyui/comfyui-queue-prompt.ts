import { z } from 'zod';
import { BadResponseError } from '../../errors';
import { backendFetch, readJson } from '../http';
import { explainRefusal } from './comfyui-refusal';
import type { Workflow } from './workflow-template';

const queuedSchema = z.object({ prompt_id: z.string() });

/** POST /prompt; a refused graph (400) is explained node by node. Returns the prompt's id. */
export async function queuePrompt(
  base: string,
  prompt: { workflow: Workflow; clientId: string; promptId: string },
  signal: AbortSignal,
): Promise<string> {
  const queued = await backendFetch('ComfyUI', `${base}/prompt`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    signal,
    body: JSON.stringify({
      prompt: prompt.workflow,
      client_id: prompt.clientId,
      prompt_id: prompt.promptId,
    }),
    readStatuses: [400],
  });
  const answer = await readJson('ComfyUI', queued, signal);
  if (queued.status === 400) throw explainRefusal(base, answer);
  const parsed = queuedSchema.safeParse(answer);
  if (!parsed.success) throw new BadResponseError('ComfyUI /prompt answer has no prompt_id.');
  return parsed.data.prompt_id;
}
