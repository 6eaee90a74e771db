import { useId, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';

export interface RadioChoice<T extends string | number> {
  value: T;
  label: string;
  /** Drawn above the label (the aspect ratio's shape). */
  visual?: ReactNode;
}

/**
 * A labelled group of native radios drawn as pills: arrow keys move the choice and screen readers
 * announce the group and its choices without extra ARIA.
 */
export function OptionRadioGroup<T extends string | number>({
  legend,
  choices,
  value,
  onChange,
  className,
}: {
  legend: string;
  choices: readonly RadioChoice<T>[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}) {
  const name = useId();
  return (
    <fieldset className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <legend className="mb-1.5 text-sm font-medium text-zinc-200">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <label
            key={String(choice.value)}
            className={cn(
              'flex min-h-11 min-w-11 cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border border-glass-border bg-glass px-3 py-1.5 text-sm text-zinc-300 transition',
              'hover:border-accent-400 has-checked:border-accent-400 has-checked:bg-accent-500/20 has-checked:text-white',
              'has-focus-visible:ring-2 has-focus-visible:ring-accent-400',
            )}
          >
            <input
              type="radio"
              name={name}
              value={String(choice.value)}
              checked={choice.value === value}
              onChange={() => onChange(choice.value)}
              className="sr-only"
            />
            {choice.visual}
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
