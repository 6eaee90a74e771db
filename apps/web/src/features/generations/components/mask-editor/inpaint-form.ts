import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  createInpaintRequestSchema,
  INPAINT_STRENGTH_DEFAULT,
} from '@nocturne/contract/generations/derive-generation';
import { blankAsAbsent } from '../../../../lib/forms/text-fields';

const body = createInpaintRequestSchema.shape;

/**
 * The editor's fields, checked by the contract's POST …/inpaint body: what goes in the region
 * (left blank it is absent, so the image's own prompt is used) and the strength. The mask is
 * drawn, not typed, so it joins them when the form is sent.
 */
export const inpaintFormSchema = z.object({
  prompt: blankAsAbsent(body.prompt),
  strength: body.strength.unwrap(),
});

export type InpaintFormValues = z.input<typeof inpaintFormSchema>;
export type InpaintFormOutput = z.output<typeof inpaintFormSchema>;

export const INPAINT_FORM_DEFAULTS: InpaintFormValues = {
  prompt: '',
  strength: INPAINT_STRENGTH_DEFAULT,
};

export function useInpaintForm() {
  return useForm<InpaintFormValues, unknown, InpaintFormOutput>({
    resolver: zodResolver(inpaintFormSchema),
    mode: 'onChange',
    defaultValues: INPAINT_FORM_DEFAULTS,
  });
}

export type InpaintForm = ReturnType<typeof useInpaintForm>;
