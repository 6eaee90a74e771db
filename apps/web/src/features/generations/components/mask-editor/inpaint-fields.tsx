import { CONTENT_PROMPT_MAX_LENGTH } from '@nocturne/contract/generations/create-generation';
import {
  INPAINT_STRENGTH_MAX,
  INPAINT_STRENGTH_MIN,
} from '@nocturne/contract/generations/derive-generation';
import { useWatch } from 'react-hook-form';
import { limitHint } from '../../../../components/forms/limit-hint';
import { Textarea } from '../../../../components/ui/textarea';
import { textFieldError } from '../../utils/generation-form-schema';
import type { InpaintForm } from './inpaint-form';
import { RangeField } from './range-field';

const PROMPT_HINT = 'Left empty, the image’s own prompt is used.';
const STRENGTH_HINT =
  'How much the painted region changes: lower keeps more of its shapes and colours, 100% paints it anew.';
const STRENGTH_STEP = 0.05;

/** "What goes there" (limited and counted like the main prompt) and the strength. */
export function InpaintFields({ form, sourcePrompt }: { form: InpaintForm; sourcePrompt: string }) {
  const [prompt, strength] = useWatch({ control: form.control, name: ['prompt', 'strength'] });
  const length = prompt.trim().length;
  const error = form.getFieldState('prompt', form.formState).error;
  return (
    <div className="flex flex-col gap-3">
      <Textarea
        label="What goes there"
        rows={2}
        {...form.register('prompt')}
        placeholder={sourcePrompt}
        hint={limitHint(PROMPT_HINT, length, CONTENT_PROMPT_MAX_LENGTH)}
        error={textFieldError(error, 'content_prompt', length)}
      />
      <RangeField
        label="Strength"
        valueText={`${Math.round(strength * 100)}%`}
        hint={STRENGTH_HINT}
        min={INPAINT_STRENGTH_MIN}
        max={INPAINT_STRENGTH_MAX}
        step={STRENGTH_STEP}
        {...form.register('strength', { valueAsNumber: true })}
      />
    </div>
  );
}
