import { env } from '../config/env';

/** Stored image paths are relative to the image host (spec §7); '' keeps them on this origin. */
export function imageHostUrl(path: string): string {
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  return `${env.IMAGE_BASE_URL}${path.startsWith('/') ? '' : '/'}${path}`;
}
