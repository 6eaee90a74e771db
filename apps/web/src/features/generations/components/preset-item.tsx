import { useState, type FormEvent } from 'react';
import {
  PRESET_NAME_MAX_LENGTH,
  presetNameSchema,
  type Preset,
} from '@nocturne/contract/presets/preset';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useDeletePreset } from '../api/delete-preset';
import { useModelNames } from '../api/get-models';
import { useUpdatePreset } from '../api/update-preset';
import { optionsSummary } from '../utils/options-summary';

/** One preset of the profile's list: its options in a line, Rename and Delete. */
export function PresetItem({ preset }: { preset: Preset }) {
  const update = useUpdatePreset();
  const remove = useDeletePreset();
  const modelName = useModelNames();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(preset.name);
  const { options } = preset;
  const summary = optionsSummary(
    options,
    options.model ? modelName(options.model) : 'Default model',
  );
  const error = update.error ?? remove.error;

  function rename(event: FormEvent) {
    event.preventDefault();
    const parsed = presetNameSchema.safeParse(name);
    if (!parsed.success) return;
    update.mutate(
      { id: preset.id, change: { name: parsed.data } },
      { onSuccess: () => setRenaming(false) },
    );
  }

  return (
    <li className="flex flex-col gap-2 py-3">
      {renaming ? (
        <form onSubmit={rename} className="flex flex-wrap items-end gap-2">
          <Input
            label={`New name for ${preset.name}`}
            containerClassName="min-w-0 basis-full sm:flex-1 sm:basis-48"
            value={name}
            maxLength={PRESET_NAME_MAX_LENGTH}
            onChange={(event) => setName(event.target.value)}
            autoFocus
          />
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
          <Button type="button" variant="ghost" onClick={() => setRenaming(false)}>
            Cancel
          </Button>
        </form>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="min-w-0">
            <p className="text-sm font-medium break-words text-zinc-100">{preset.name}</p>
            <p className="text-xs text-zinc-400">{summary}</p>
            {options.negative_prompt && (
              <p className="text-xs break-words text-zinc-500">
                Keep out: {options.negative_prompt}
              </p>
            )}
          </div>
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="glass"
              aria-label={`Rename ${preset.name}`}
              onClick={() => setRenaming(true)}
            >
              Rename
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Delete ${preset.name}`}
              loading={remove.isPending}
              onClick={() => remove.mutate(preset.id)}
            >
              Delete
            </Button>
          </div>
        </div>
      )}
      {error && (
        <p role="alert" className="text-xs text-rose-300">
          {getErrorMessage(error)}
        </p>
      )}
    </li>
  );
}
