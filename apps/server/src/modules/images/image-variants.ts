import type { ThumbnailWidth } from '@nocturne/contract/images/thumbnail-widths';
import { resizeImage } from '@nocturne/imagegen/png/resize-image';
import type { ImageStore } from './image-store';

/** Bytes of resized images one process keeps (a 256 px WebP is ~10–20 kB, 512 px ~40 kB). */
export const IMAGE_VARIANT_CACHE_BYTES = 32 * 1024 * 1024;

export interface ImageVariants {
  /** The image `width` wide, resized once and then served from memory; ENOENT when it is gone. */
  get(key: string, width: ThumbnailWidth): Promise<Buffer>;
}

/**
 * Resized copies of stored images for lists (srcset), kept in a least-recently-used cache bounded
 * by bytes. Keys are never reused, so a cached copy is always of the right image; the original is
 * still looked up on each request, so a deleted image's thumbnails stop with it. Concurrent
 * requests for one missing copy share one resize.
 */
export function createImageVariants(
  images: ImageStore,
  maxBytes = IMAGE_VARIANT_CACHE_BYTES,
): ImageVariants {
  const cache = new Map<string, Buffer>();
  const resizing = new Map<string, Promise<Buffer>>();
  let bytes = 0;

  function remember(id: string, variant: Buffer) {
    cache.set(id, variant);
    bytes += variant.length;
    for (const [oldest, kept] of cache) {
      if (bytes <= maxBytes) break;
      cache.delete(oldest);
      bytes -= kept.length;
    }
  }

  return {
    async get(key, width) {
      const id = `${width}:${key}`;
      const cached = cache.get(id);
      if (cached) {
        if (!(await images.exists(key))) throw Object.assign(new Error('gone'), { code: 'ENOENT' });
        // Map order is insertion order: moving it to the end keeps it the most recent.
        cache.delete(id);
        cache.set(id, cached);
        return cached;
      }
      let pending = resizing.get(id);
      if (!pending) {
        pending = images
          .read(key)
          .then((original) => resizeImage(original, width))
          .then((variant) => {
            remember(id, variant);
            return variant;
          })
          .finally(() => resizing.delete(id));
        resizing.set(id, pending);
      }
      return pending;
    },
  };
}
