import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { Field } from './field';
import { controlBorder, controlClasses } from './field-styles';

export interface TextareaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  containerClassName?: string;
}

export function Textarea({
  label,
  error,
  hint,
  containerClassName,
  className,
  rows = 4,
  ...rest
}: TextareaProps) {
  return (
    <Field label={label} error={error} hint={hint} className={containerClassName}>
      {(control) => (
        <textarea
          {...control}
          rows={rows}
          className={cn(controlClasses, controlBorder(error), 'resize-y py-2.5', className)}
          {...rest}
        />
      )}
    </Field>
  );
}
