import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type FieldError } from 'react-hook-form';
import { createPresetRequestSchema } from '@nocturne/contract/presets/create-preset';
import { PRESET_NAME_MAX_LENGTH } from '@nocturne/contract/presets/preset';
import { limitHint } from '../../../components/forms/limit-hint';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { lengthLimitMessage } from '../../../lib/forms/length-limit';

/** The new preset's name; its options are the modal's current ones. */
const presetNameFormSchema = createPresetRequestSchema.pick({ name: true });

/** What the name field says when the schema refuses it: only its limit needs words. */
function nameError(error: FieldError | undefined, length: number): string | undefined {
  return error?.type === 'too_big'
    ? lengthLimitMessage('A preset name', PRESET_NAME_MAX_LENGTH, length)
    : undefined;
}

/**
 * 'Save as preset': the name, Save and Cancel. A group, not a form: a form inside the modal's
 * form would be invalid HTML. Typing a name clears the server's last refusal (its cause).
 */
export function PresetNameGroup({
  saving,
  onSave,
  onCancel,
  onNameChange,
}: {
  saving: boolean;
  onSave: (name: string, saved: () => void) => void;
  onCancel: () => void;
  onNameChange: () => void;
}) {
  const form = useForm({
    resolver: zodResolver(presetNameFormSchema),
    mode: 'onChange',
    defaultValues: { name: '' },
  });
  const length = useWatch({ control: form.control, name: 'name' }).trim().length;
  // Called with the event, it prevents its default: Enter in the name field saves the preset and
  // never submits the generation around it.
  const save = form.handleSubmit(({ name }) => onSave(name, () => form.reset()));
  const field = form.register('name', { onChange: onNameChange });
  return (
    <div role="group" aria-label="Save as preset" className="flex flex-wrap items-end gap-2">
      <Input
        label="Preset name"
        // Full width on a phone, so Save and Cancel stay together on the line below.
        containerClassName="min-w-0 basis-full sm:flex-1 sm:basis-48"
        hint={limitHint(undefined, length, PRESET_NAME_MAX_LENGTH)}
        error={nameError(form.formState.errors.name, length)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void save(event);
        }}
        autoFocus
        {...field}
      />
      <Button
        type="button"
        loading={saving}
        disabled={!form.formState.isValid}
        onClick={(event) => void save(event)}
      >
        Save
      </Button>
      <Button type="button" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
