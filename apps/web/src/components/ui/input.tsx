import type { InputHTMLAttributes, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Field } from './field';
import { controlBorder, controlClasses } from './field-styles';

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  containerClassName?: string;
}

export function Input({ label, error, hint, containerClassName, className, ...rest }: InputProps) {
  return (
    <Field label={label} error={error} hint={hint} className={containerClassName}>
      {(control) => (
        <input
          {...control}
          className={cn(controlClasses, controlBorder(error), 'h-11', className)}
          {...rest}
        />
      )}
    </Field>
  );
}
