import { THUMBNAIL_WIDTHS } from '@nocturne/contract/images/thumbnail-widths';
import { env } from '../config/env';

/** Stored image paths are relative to the image host (spec §7); '' keeps them on this origin. */
export function imageHostUrl(path: string): string {
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  return `${env.IMAGE_BASE_URL}${path.startsWith('/') ? '' : '/'}${path}`;
}

/**
 * `srcset` of a stored image's smaller copies (the image route's `w`, THUMBNAIL_WIDTHS), for
 * lists; the link's own signature covers them.
 */
export function imageSrcSet(path: string): string {
  const url = imageHostUrl(path);
  const joiner = url.includes('?') ? '&' : '?';
  return THUMBNAIL_WIDTHS.map((width) => `${url}${joiner}w=${width} ${width}w`).join(', ');
}
