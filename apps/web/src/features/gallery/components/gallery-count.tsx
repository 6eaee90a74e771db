import { renderLocale } from '../../../lib/first-render';

/** The image count line above the grid. */
export function GalleryCount({
  shown,
  total,
  filtered,
}: {
  shown: number;
  total: number;
  filtered: boolean;
}) {
  const noun = total === 1 ? 'image' : 'images';
  const what = filtered ? `${noun} found` : `${noun} in your gallery`;
  const locale = renderLocale();
  const text =
    shown < total
      ? `Showing ${shown.toLocaleString(locale)} of ${total.toLocaleString(locale)} ${what}`
      : `${total.toLocaleString(locale)} ${what}`;
  return (
    <p aria-live="polite" className="text-sm text-zinc-400">
      {text}
    </p>
  );
}
