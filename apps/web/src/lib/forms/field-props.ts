import type { FieldPath, FieldValues, RegisterOptions, UseFormReturn } from 'react-hook-form';

/**
 * What a labelled control of components/ui (Input, Textarea, Select, Checkbox) takes from a form
 * for one field: react-hook-form's registration and the field's error text, which the control
 * links to itself (aria-invalid, aria-describedby) and which react-hook-form focuses on a failed
 * submit.
 */
export function fieldProps<T extends FieldValues, Context, Output, Name extends FieldPath<T>>(
  form: UseFormReturn<T, Context, Output>,
  name: Name,
  options?: RegisterOptions<T, Name>,
) {
  return {
    ...form.register(name, options),
    error: form.getFieldState(name, form.formState).error?.message,
  };
}

export type FieldProps = ReturnType<typeof fieldProps>;
