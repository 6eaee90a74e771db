import { zodResolver } from '@hookform/resolvers/zod';
import { useLayoutEffect, useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import type { GenerationDefaults } from '@nocturne/contract/users/preferences';
import { generationFormSchema } from '../utils/generation-form-schema';
import {
  formValuesFromDefaults,
  formValuesFromPreset,
  type GenerationFormValues,
  type GenerationPreset,
} from '../utils/generation-form-values';

export interface GenerationFormOptions {
  open: boolean;
  preset: GenerationPreset | null;
  defaults?: GenerationDefaults;
  /** Whether the options panel starts open (preferences), and where a toggle is remembered. */
  optionsOpen: boolean;
  onOptionsOpenChange?: (open: boolean) => void;
}

/** How an opening refills the form: with a preset, or the defaults around the typed prompt. */
type Refill = { preset: GenerationFormValues } | { defaults: GenerationFormValues } | null;

export type OptionChange = Partial<Omit<GenerationFormValues, 'prompt'>>;

export interface GenerationForm {
  form: UseFormReturn<GenerationFormValues>;
  /** Every value as typed, re-read on each change. */
  values: GenerationFormValues;
  /** Sets options (the panel, a preset): they are kept on the next opening. */
  setOptions: (change: OptionChange) => void;
  optionsOpen: boolean;
  toggleOptions: (open: boolean) => void;
}

function refillOnOpen(
  preset: GenerationPreset | null,
  defaults: GenerationDefaults | undefined,
  edited: boolean,
): Refill {
  if (preset) return { preset: formValuesFromPreset(preset, defaults) };
  // The person's defaults may have loaded or changed since the modal last opened.
  return edited ? null : { defaults: formValuesFromDefaults(defaults) };
}

/**
 * The modal's form on react-hook-form, checked by the contract's POST /generate body
 * (generation-form-schema.ts). It lives as long as the modal, so closing and opening again keeps
 * it: an opening with a preset fills it in, one without starts from the person's defaults again
 * unless an option was changed (the prompt stays). The options panel's disclosure opens with a
 * preset, else as the person left it.
 */
export function useGenerationForm({
  open,
  preset,
  defaults,
  optionsOpen: savedOptionsOpen,
  onOptionsOpenChange,
}: GenerationFormOptions): GenerationForm {
  const form = useForm<GenerationFormValues>({
    resolver: zodResolver(generationFormSchema),
    mode: 'onChange',
    defaultValues: preset
      ? formValuesFromPreset(preset, defaults)
      : formValuesFromDefaults(defaults),
  });
  // A copy: the form changes its values object in place, and a copy is what tells them apart.
  const values = useWatch({ control: form.control, compute: (all) => ({ ...all }) });
  /** The options were changed or filled since the defaults: an opening keeps them. */
  const [edited, setEdited] = useState(preset !== null);
  const [optionsOpen, setOptionsOpen] = useState(savedOptionsOpen || preset !== null);
  const [wasOpen, setWasOpen] = useState(open);
  const [refill, setRefill] = useState<Refill>(null);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open) {
      setRefill(refillOnOpen(preset, defaults, edited));
      if (preset) setEdited(true);
      setOptionsOpen(preset !== null || savedOptionsOpen);
    }
  }
  // Before the opening paints: the form's values live outside React's state.
  const { reset, getValues, setValue } = form;
  useLayoutEffect(() => {
    if (!refill) return;
    if ('preset' in refill) reset(refill.preset);
    else reset({ ...refill.defaults, prompt: getValues('prompt') });
  }, [refill, reset, getValues]);

  function setOptions(change: OptionChange) {
    setEdited(true);
    for (const [name, value] of Object.entries(change) as [keyof OptionChange, never][])
      setValue(name, value, { shouldDirty: true, shouldValidate: true });
  }

  function toggleOptions(next: boolean) {
    setOptionsOpen(next);
    onOptionsOpenChange?.(next);
  }

  return { form, values, setOptions, optionsOpen, toggleOptions };
}
