import { formatTime } from '../utils/format-time';

/** A time in the viewer's locale, the exact time on hover. */
export function LocalTime({ iso }: { iso: string }) {
  const { text, title } = formatTime(iso);
  return (
    <time dateTime={iso} title={title}>
      {text}
    </time>
  );
}
