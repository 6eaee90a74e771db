import { EXPORT_DATA_FILE } from '@nocturne/contract/account-data/export-user-data';
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { ImageStore } from '../images/image-store';
import type { collectUserExport } from './collect-user-export';

type CollectedExport = Awaited<ReturnType<typeof collectUserExport>>;

/**
 * The export as a ZIP stream: data.json first, then the images, each opened only when the writer
 * reaches it, so an account with thousands of images never holds them in memory or open at once.
 * PNGs are already compressed: stored as they are.
 */
export function streamUserExport(options: {
  collected: CollectedExport;
  images: ImageStore;
  now: Date;
}): Readable {
  const { collected, images, now } = options;
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(JSON.stringify(collected.data, null, 2)), EXPORT_DATA_FILE, {
    mtime: now,
  });
  for (const image of collected.images) {
    zip.addReadStreamLazy(image.file, { mtime: now, compress: false }, (callback) =>
      callback(null, images.createReadStream(image.key)),
    );
  }
  zip.end();
  return zip.outputStream as Readable;
}
