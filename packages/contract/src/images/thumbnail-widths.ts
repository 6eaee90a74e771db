/**
 * The widths the image route serves besides the stored original (`?w=`): a bounded set, so a
 * link can never ask the server to render an unbounded number of variants. Lists offer them in
 * `srcset`; the detail view and downloads use the original.
 */
export const THUMBNAIL_WIDTHS = [256, 512] as const;
export type ThumbnailWidth = (typeof THUMBNAIL_WIDTHS)[number];

export function isThumbnailWidth(value: number): value is ThumbnailWidth {
  return (THUMBNAIL_WIDTHS as readonly number[]).includes(value);
}
