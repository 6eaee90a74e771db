/** How ComfyUI describes a choice input: `[[choices], {…}]`, or newer `["COMBO", {options}]`. */
export function comboInput(choices: string[], combo = false): unknown[] {
  const tooltip = 'The name of the checkpoint.';
  return combo ? ['COMBO', { options: choices, tooltip }] : [choices, { tooltip }];
}

/** The choice inputs the fake checks, per node class: its input name and what it offers. */
export type ChoiceLists = Record<string, { input: string; choices: string[] }>;

/**
 * ComfyUI's validate_inputs for choice inputs (a checkpoint, LoadImage's `image` among the
 * input folder's files, UpscaleModelLoader's `model_name`): a value not in the list is a 400 with
 * `value_not_in_list` in node_errors; lists over 20 are not sent back (input_config null).
 */
export function refuseUnknownChoices(
  workflow: Record<string, { class_type?: string; inputs: Record<string, unknown> }>,
  lists: ChoiceLists,
  combo = false,
): object | undefined {
  const nodeErrors: Record<string, object> = {};
  for (const [id, node] of Object.entries(workflow)) {
    const list = lists[node.class_type ?? ''];
    if (!list) continue;
    const { input, choices } = list;
    const name = node.inputs[input];
    if (typeof name === 'string' && choices.includes(name)) continue;
    const long = choices.length > 20;
    const shown = long ? `(list of length ${choices.length})` : `['${choices.join("', '")}']`;
    nodeErrors[id] = {
      errors: [
        {
          type: 'value_not_in_list',
          message: 'Value not in list',
          details: `${input}: '${String(name)}' not in ${shown}`,
          extra_info: {
            input_name: input,
            input_config: long ? null : comboInput(choices, combo),
            received_value: name,
          },
        },
      ],
      dependent_outputs: ['9'],
      class_type: node.class_type,
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
