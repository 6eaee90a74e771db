/**
 * ComfyUI's validate_inputs for CheckpointLoaderSimple: a name not in its list is a 400 with
 * `value_not_in_list` in node_errors; lists over 20 are not sent back (input_config null).
 */
/** How ComfyUI describes a choice input: `[[choices], {…}]`, or newer `["COMBO", {options}]`. */
export function comboInput(choices: string[], combo = false): unknown[] {
  const tooltip = 'The name of the checkpoint.';
  return combo ? ['COMBO', { options: choices, tooltip }] : [choices, { tooltip }];
}

export function refuseUnknownCheckpoint(
  workflow: Record<string, { class_type?: string; inputs: Record<string, unknown> }>,
  checkpoints: string[],
  combo = false,
): object | undefined {
  const nodeErrors: Record<string, object> = {};
  for (const [id, node] of Object.entries(workflow)) {
    const name = node.inputs.ckpt_name;
    if (node.class_type !== 'CheckpointLoaderSimple') continue;
    if (typeof name === 'string' && checkpoints.includes(name)) continue;
    const long = checkpoints.length > 20;
    const list = long
      ? `(list of length ${checkpoints.length})`
      : `['${checkpoints.join("', '")}']`;
    nodeErrors[id] = {
      errors: [
        {
          type: 'value_not_in_list',
          message: 'Value not in list',
          details: `ckpt_name: '${String(name)}' not in ${list}`,
          extra_info: {
            input_name: 'ckpt_name',
            input_config: long ? null : comboInput(checkpoints, combo),
            received_value: name,
          },
        },
      ],
      dependent_outputs: ['9'],
      class_type: 'CheckpointLoaderSimple',
    };
  }
  if (Object.keys(nodeErrors).length === 0) return undefined;
  return {
    error: {
      type: 'prompt_outputs_failed_validation',
      message: 'Prompt outputs failed validation',
      details: '',
      extra_info: {},
    },
    node_errors: nodeErrors,
  };
}
