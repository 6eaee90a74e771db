const ordinalRules = new Intl.PluralRules('en-US', { type: 'ordinal' });
const SUFFIXES: Record<Intl.LDMLPluralRule, string> = {
  zero: 'th',
  one: 'st',
  two: 'nd',
  few: 'rd',
  many: 'th',
  other: 'th',
};

/** 1st 2nd 3rd 4th … 11th 12th 13th … 21st 22nd. */
export function ordinal(value: number): string {
  return `${value}${SUFFIXES[ordinalRules.select(value)]}`;
}

/** 'about 20 s', 'about 2 min' */
export function formatWait(seconds: number): string {
  if (seconds < 60) return `about ${Math.max(1, Math.round(seconds))} s`;
  return `about ${Math.round(seconds / 60)} min`;
}

/** '3rd in queue · about 20 s' while queued; either part alone when only it is known. */
export function queueText(position: number | null, waitSeconds: number | null): string | null {
  const parts = [
    position === null ? null : `${ordinal(position)} in queue`,
    waitSeconds === null ? null : formatWait(waitSeconds),
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' · ') : null;
}
