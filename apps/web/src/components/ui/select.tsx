import type { ReactNode, SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { Field } from './field';
import { controlBorder, controlClasses } from './field-styles';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  options: readonly SelectOption[];
  error?: string;
  hint?: ReactNode;
  containerClassName?: string;
}

export function Select({
  label,
  options,
  error,
  hint,
  containerClassName,
  className,
  ...rest
}: SelectProps) {
  return (
    <Field label={label} error={error} hint={hint} className={containerClassName}>
      {(control) => (
        <div className="relative">
          <select
            {...control}
            className={cn(
              controlClasses,
              controlBorder(error),
              'h-11 appearance-none pr-10',
              className,
            )}
            {...rest}
          >
            {options.map((option) => (
              <option key={option.value} value={option.value} disabled={option.disabled}>
                {option.label}
              </option>
            ))}
          </select>
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-zinc-400"
          >
            <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          </svg>
        </div>
      )}
    </Field>
  );
}
