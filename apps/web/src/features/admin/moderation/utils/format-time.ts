const local = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const exact = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'long' });

/** A time in the viewer's locale, and the exact time for its hover title. */
export function formatTime(iso: string): { text: string; title: string } {
  const date = new Date(iso);
  return { text: local.format(date), title: exact.format(date) };
}
