/** A time in the viewer's locale, with the exact time (ISO, UTC) on hover. */
export function When({ iso, fallback = '—' }: { iso: string | null; fallback?: string }) {
  if (!iso) return <span className="text-zinc-500">{fallback}</span>;
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={date.toISOString()} className="whitespace-nowrap">
      {date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
    </time>
  );
}
