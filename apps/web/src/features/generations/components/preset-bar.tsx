import { useState } from 'react';
import { PRESET_NAME_MAX_LENGTH, presetNameSchema } from '@nocturne/contract/presets/preset';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useCreatePreset } from '../api/create-preset';
import { usePresetsQuery } from '../api/get-presets';
import type { ModelChoice } from '../hooks/use-model-choice';
import { applyPreset, presetOptionsOf, type PresetFormOptions } from '../utils/apply-preset';

const PICK = '';

/**
 * Saved presets in the modal: choosing one applies it at once (saying what it could not apply),
 * and 'Save as preset' keeps the current options under a name.
 */
export function PresetBar({
  values,
  onApply,
  modelChoice,
  isPremium,
}: {
  values: PresetFormOptions;
  onApply: (values: PresetFormOptions) => void;
  modelChoice: ModelChoice;
  isPremium: boolean;
}) {
  const presets = usePresetsQuery();
  const create = useCreatePreset();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const list = presets.data ?? [];

  function apply(id: string) {
    const preset = list.find((candidate) => candidate.id === id);
    if (!preset) return;
    const applied = applyPreset(values, preset, modelChoice.models, isPremium);
    onApply(applied.values);
    setStatus([`Applied “${preset.name}”.`, ...applied.skipped].join(' '));
  }

  function save(event: { preventDefault: () => void }) {
    // Enter in the name field saves the preset, never submits the generation around it.
    event.preventDefault();
    const parsed = presetNameSchema.safeParse(name);
    if (!parsed.success) return;
    create.mutate(
      { name: parsed.data, options: presetOptionsOf(values) },
      {
        onSuccess: (preset) => {
          setStatus(`Saved “${preset.name}”.`);
          setNaming(false);
          setName('');
        },
      },
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end gap-2">
        {list.length > 0 && (
          <Select
            label="Preset"
            containerClassName="min-w-0 flex-1 basis-48"
            options={[
              { value: PICK, label: 'Apply a preset…' },
              ...list.map((preset) => ({ value: preset.id, label: preset.name })),
            ]}
            value={PICK}
            onChange={(event) => apply(event.target.value)}
          />
        )}
        {!naming && (
          <Button type="button" variant="glass" onClick={() => setNaming(true)}>
            Save as preset
          </Button>
        )}
      </div>
      {naming && (
        // A form of its own inside the modal's form would be invalid HTML: a group instead.
        <div role="group" aria-label="Save as preset" className="flex flex-wrap items-end gap-2">
          <Input
            label="Preset name"
            // Full width on a phone, so Save and Cancel stay together on the line below.
            containerClassName="min-w-0 basis-full sm:flex-1 sm:basis-48"
            value={name}
            maxLength={PRESET_NAME_MAX_LENGTH}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') save(event);
            }}
            autoFocus
          />
          <Button
            type="button"
            loading={create.isPending}
            disabled={!presetNameSchema.safeParse(name).success}
            onClick={save}
          >
            Save
          </Button>
          <Button type="button" variant="ghost" onClick={() => setNaming(false)}>
            Cancel
          </Button>
        </div>
      )}
      {create.isError && (
        <p role="alert" className="text-sm text-rose-300">
          {getErrorMessage(create.error)}
        </p>
      )}
      {status && !create.isError && (
        <p role="status" className="text-sm text-zinc-300">
          {status}
        </p>
      )}
    </div>
  );
}
