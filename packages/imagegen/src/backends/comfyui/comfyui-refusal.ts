import { z } from 'zod';
import { BackendConfigError } from '../../errors';

// POST /prompt answers 400 with {error: {type, message, details}, node_errors: {id: {class_type,
// errors: [{type, message, details, extra_info: {input_name, input_config, received_value}}]}}}.
const nodeErrorSchema = z
  .object({
    type: z.string().optional(),
    message: z.string().optional(),
    details: z.string().optional(),
    extra_info: z
      .object({
        input_name: z.string().optional(),
        input_config: z.unknown().optional(),
        received_value: z.unknown().optional(),
      })
      .loose()
      .optional(),
  })
  .loose();
const refusalSchema = z
  .object({
    error: z
      .union([
        z.string(),
        z.object({ message: z.string().optional(), details: z.string().optional() }).loose(),
      ])
      .optional(),
    node_errors: z
      .union([
        z.record(
          z.string(),
          z.object({ class_type: z.string().optional(), errors: z.array(nodeErrorSchema) }).loose(),
        ),
        z.array(z.unknown()),
      ])
      .optional(),
  })
  .loose();
type NodeError = z.infer<typeof nodeErrorSchema>;

/**
 * The choices a `value_not_in_list` error lists: `input_config` is `[[...choices], {…}]`, or
 * `["COMBO", {options: [...]}]` in newer ComfyUI, or null for lists over 20, where only
 * `details` ("ckpt_name: 'x' not in (list of length 42)") says how many there are.
 */
function offered(error: NodeError): string {
  const config = error.extra_info?.input_config;
  const choices = Array.isArray(config)
    ? Array.isArray(config[0])
      ? (config[0] as unknown[])
      : config[0] === 'COMBO'
        ? (config[1] as { options?: unknown[] } | undefined)?.options
        : undefined
    : undefined;
  if (choices) return choices.length ? choices.map((c) => `"${String(c)}"`).join(', ') : 'none';
  return /not in (.*)$/.exec(error.details ?? '')?.[1] ?? 'an unknown list';
}

function describe(id: string, classType: string | undefined, error: NodeError): string {
  const node = `node ${id}${classType ? ` (${classType})` : ''}`;
  const input = error.extra_info?.input_name;
  if (error.type === 'value_not_in_list' && input) {
    const value = JSON.stringify(error.extra_info?.received_value);
    return `${node} ${input} ${value} is not one it has; it offers: ${offered(error)}`;
  }
  return `${node}: ${[error.message, error.details].filter(Boolean).join(': ')}`;
}

/**
 * A readable error for a prompt ComfyUI refused: which node, which value, and what ComfyUI offers
 * instead (an unknown checkpoint is the usual case).
 */
export function explainRefusal(url: string, body: unknown): BackendConfigError {
  const parsed = refusalSchema.safeParse(body);
  const refusal = parsed.success ? parsed.data : {};
  const nodes = Array.isArray(refusal.node_errors) ? {} : (refusal.node_errors ?? {});
  const problems = Object.entries(nodes).flatMap(([id, node]) =>
    node.errors.map((error) => describe(id, node.class_type, error)),
  );
  const top = typeof refusal.error === 'string' ? refusal.error : refusal.error?.message;
  const unknownCheckpoint = Object.values(nodes).some((node) =>
    node.errors.some((e) => e.extra_info?.input_name === 'ckpt_name'),
  );
  const hint = unknownCheckpoint
    ? ` Set the model's checkpoint to one it offers (\`npm run models -- discover ${url}\` lists them).`
    : '';
  const what = problems.length ? problems.join('; ') : (top ?? JSON.stringify(body).slice(0, 300));
  return new BackendConfigError(`ComfyUI at ${url} refused the workflow: ${what}.${hint}`);
}
