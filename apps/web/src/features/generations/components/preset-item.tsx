import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  PRESET_NAME_MAX_LENGTH,
  presetNameSchema,
  type Preset,
} from '@nocturne/contract/presets/preset';
import { limitHint } from '../../../components/forms/limit-hint';
import { AlertText } from '../../../components/ui/alert-text';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { lengthLimitMessage } from '../../../lib/forms/length-limit';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useDeletePreset } from '../api/delete-preset';
import { useModelNames } from '../api/get-models';
import { useUpdatePreset } from '../api/update-preset';
import { optionsSummary } from '../utils/options-summary';

/** A rename's body: the new name alone. */
const renameSchema = z.object({ name: presetNameSchema });

/** One preset of the profile's list: its options in a line, Rename and Delete. */
export function PresetItem({ preset }: { preset: Preset }) {
  const update = useUpdatePreset();
  const remove = useDeletePreset();
  const modelName = useModelNames();
  const [renaming, setRenaming] = useState(false);
  const form = useForm({
    resolver: zodResolver(renameSchema),
    defaultValues: { name: preset.name },
  });
  const { options } = preset;
  const summary = optionsSummary(
    options,
    options.model ? modelName(options.model) : 'Default model',
  );
  const error = update.error ?? remove.error;

  const nameLength = useWatch({ control: form.control, name: 'name' }).trim().length;

  /** Cancel drops the rename and the error it caused. */
  function cancelRename() {
    setRenaming(false);
    update.reset();
    form.reset();
  }

  const rename = form.handleSubmit((change) =>
    update.mutate({ id: preset.id, change }, { onSuccess: () => setRenaming(false) }),
  );

  return (
    <li className="flex flex-col gap-2 py-3">
      {renaming ? (
        <form onSubmit={rename} className="flex flex-wrap items-end gap-2">
          <Input
            label={`New name for ${preset.name}`}
            containerClassName="min-w-0 basis-full sm:flex-1 sm:basis-48"
            hint={limitHint(undefined, nameLength, PRESET_NAME_MAX_LENGTH)}
            error={
              form.formState.errors.name?.type === 'too_big'
                ? lengthLimitMessage('A preset name', PRESET_NAME_MAX_LENGTH, nameLength)
                : undefined
            }
            autoFocus
            // A new name clears the refusal of the last one.
            {...form.register('name', { onChange: () => update.isError && update.reset() })}
          />
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
          <Button type="button" variant="ghost" onClick={cancelRename}>
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
      {error && <AlertText size="xs">{getErrorMessage(error)}</AlertText>}
    </li>
  );
}
