import { z } from 'zod';
import { found, runProbe, type EngineProbe, type ProbeOptions } from '../../engine-probe';
import { probeJson } from '../probe-request';

// GET /v1/models: { object: "list", data: [{ id, object: "model", created, owned_by }] }.
const modelListSchema = z.object({ data: z.array(z.object({ id: z.string() }).loose()) });

/**
 * Whether the images API at `base` can serve `model`: `GET /v1/models` with the key answers
 * (a refused key is `misconfigured`) and lists the model.
 */
export function probeOpenAi(
  base: string,
  model: string,
  apiKey: string | undefined,
  options?: ProbeOptions,
): Promise<EngineProbe> {
  const headers: Record<string, string> = apiKey ? { authorization: `Bearer ${apiKey}` } : {};
  return runProbe(
    base,
    async (deadline) => {
      const answer = await probeJson('the images API', base, '/v1/models', {
        headers,
        signal: deadline,
      });
      const listed = modelListSchema.safeParse(answer);
      if (!listed.success)
        found('misconfigured', `GET /v1/models is not a model list: is ${base} an images API?`);
      if (!listed.data.data.some((entry) => entry.id === model))
        found('misconfigured', `model ${model} not in /v1/models`);
    },
    options,
  );
}
