import type { ReactNode } from 'react';
import { characterCountText, isNearLimit } from '../../lib/forms/length-limit';

/**
 * A limited field's hint: its own hint, and its count once the text nears the limit (the count
 * is part of the hint, so the field's aria-describedby reads it out with the hint).
 */
export function limitHint(
  hint: ReactNode | undefined,
  length: number,
  max: number,
): ReactNode | undefined {
  if (!isNearLimit(length, max)) return hint;
  const count = (
    <span data-testid="character-count" className="tabular-nums">
      {characterCountText(length, max)}
    </span>
  );
  if (hint === undefined || hint === null || hint === '') return count;
  return (
    <>
      {hint} · {count}
    </>
  );
}
