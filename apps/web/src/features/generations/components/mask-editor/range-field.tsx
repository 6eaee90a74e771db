import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/**
 * A labelled slider with its value beside the label: a native range input, so arrow keys, Home
 * and End move it, and its `aria-valuetext` reads the value in the same words as shown.
 */
export function RangeField({
  label,
  valueText,
  hint,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> & {
  label: string;
  valueText: string;
  hint?: ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <label htmlFor={id} className="font-medium text-zinc-200">
          {label}
        </label>
        <output htmlFor={id} className="tabular-nums text-zinc-300">
          {valueText}
        </output>
      </div>
      <input
        id={id}
        type="range"
        aria-valuetext={valueText}
        aria-describedby={hint ? hintId : undefined}
        className="h-11 w-full cursor-pointer accent-accent-400"
        {...input}
      />
      {hint && (
        <p id={hintId} className="text-xs text-zinc-400">
          {hint}
        </p>
      )}
    </div>
  );
}
