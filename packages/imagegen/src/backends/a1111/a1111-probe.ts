import { found, runProbe, type EngineProbe, type ProbeOptions } from '../../engine-probe';
import { probeJson } from '../probe-request';
import { matchesCheckpoint, sdModelsSchema } from './a1111-checkpoints';
import { checkLorasListed } from './a1111-loras';

/**
 * Whether AUTOMATIC1111 at `base` can render with `checkpoint`: `GET /sdapi/v1/sd-models` with its
 * credentials answers (A1111 runs with `--api`, and `--api-auth` accepts them), and lists the
 * checkpoint under a name A1111 accepts. Without a checkpoint, whichever is loaded renders. Then
 * `GET /sdapi/v1/loras` lists every LoRA of the catalog entry (`loras`, files).
 */
export function probeA1111(
  base: string,
  headers: Record<string, string>,
  checkpoint: string | undefined,
  options?: ProbeOptions,
  loras: readonly string[] = [],
): Promise<EngineProbe> {
  return runProbe(
    base,
    async (deadline) => {
      const answer = await probeJson('AUTOMATIC1111', base, '/sdapi/v1/sd-models', {
        headers,
        signal: deadline,
      });
      const listed = sdModelsSchema.safeParse(answer);
      if (!listed.success)
        found('misconfigured', `GET /sdapi/v1/sd-models is not a list: is ${base} AUTOMATIC1111?`);
      if (!checkpoint || listed.data.some((item) => matchesCheckpoint(item, checkpoint)))
        return checkLorasListed(base, headers, loras, deadline);
      const offered = listed.data.map((item) => item.title).join(', ') || 'none';
      found(
        'misconfigured',
        `checkpoint ${checkpoint} not in /sdapi/v1/sd-models (it has: ${offered})`,
      );
    },
    options,
  );
}
