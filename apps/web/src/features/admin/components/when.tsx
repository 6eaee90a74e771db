const short = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const exact = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'long' });
const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A time in the viewer's locale; the exact time (with seconds and zone) on hover. */
export function When({
  iso,
  dateOnly = false,
  fallback = '—',
}: {
  iso: string | null;
  dateOnly?: boolean;
  /** Shown, dimmed, when there is no time. */
  fallback?: string;
}) {
  if (!iso) return <span className="text-zinc-500">{fallback}</span>;
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={exact.format(date)} className="whitespace-nowrap">
      {(dateOnly ? day : short).format(date)}
    </time>
  );
}
