import { useState } from 'react';
import { AlertText } from '../../../components/ui/alert-text';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useCreatePreset } from '../api/create-preset';
import { usePresetsQuery } from '../api/get-presets';
import type { ModelChoice } from '../hooks/use-model-choice';
import { applyPreset, presetOptionsOf, type PresetFormOptions } from '../utils/apply-preset';
import { PresetNameGroup } from './preset-name-group';

const PICK = '';

/** The preset last applied, and the options it left, to tell while they are unchanged. */
interface Applied {
  id: string;
  text: string;
  options: string;
}

function optionsKey(values: PresetFormOptions): string {
  return JSON.stringify(presetOptionsOf(values));
}

/**
 * Saved presets in the modal: choosing one applies it at once (saying what it could not apply),
 * and 'Save as preset' keeps the current options under a name. The applied preset stays chosen
 * and named until an option changes; a refused save's error goes with its cause (a new name, or
 * Cancel).
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
  const [saved, setSaved] = useState<string | null>(null);
  const [applied, setApplied] = useState<Applied | null>(null);
  const list = presets.data ?? [];
  const current = applied && applied.options === optionsKey(values) ? applied : null;

  function apply(id: string) {
    const preset = list.find((candidate) => candidate.id === id);
    if (!preset) return;
    const result = applyPreset(values, preset, modelChoice.models, isPremium);
    onApply(result.values);
    setSaved(null);
    setApplied({
      id,
      text: [`Applied “${preset.name}”.`, ...result.skipped].join(' '),
      options: optionsKey(result.values),
    });
  }

  function save(name: string, reset: () => void) {
    create.mutate(
      { name, options: presetOptionsOf(values) },
      {
        onSuccess: (preset) => {
          setSaved(`Saved “${preset.name}”.`);
          setNaming(false);
          reset();
        },
      },
    );
  }

  function cancel() {
    setNaming(false);
    create.reset();
  }

  const status = saved ?? current?.text ?? null;
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
            value={current?.id ?? PICK}
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
        <PresetNameGroup
          saving={create.isPending}
          onSave={save}
          onCancel={cancel}
          onNameChange={() => create.isError && create.reset()}
        />
      )}
      {create.isError && <AlertText>{getErrorMessage(create.error)}</AlertText>}
      {status && !create.isError && (
        <p role="status" className="text-sm text-zinc-300">
          {status}
        </p>
      )}
    </div>
  );
}
