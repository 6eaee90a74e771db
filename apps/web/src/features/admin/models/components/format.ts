const exactTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'long' });
const shortTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** A time in the viewer's locale, and the exact time for the title attribute. */
export function formatTime(iso: string): { text: string; exact: string } {
  const date = new Date(iso);
  return { text: shortTime.format(date), exact: exactTime.format(date) };
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 1536 → "1.5 KB" (binary multiples, as download sizes are usually shown). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${UNITS[unit]}`;
}
