import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { loadOrCreateSecret } from '../../lib/load-or-create-secret';
import { createImageStore, type ImageStore } from './image-store';
import { createImageUrlSigner } from './image-url-signer';

/**
 * DATA_DIR/images with its link-signing secret (IMAGE_URL_SECRET, or one kept in DATA_DIR): every
 * process that hands out or serves image links must share it.
 */
export async function openImageStore(options: {
  dataDir: string;
  urlSecret: string | undefined;
}): Promise<ImageStore> {
  const root = path.join(options.dataDir, 'images');
  await mkdir(root, { recursive: true });
  const secret = await loadOrCreateSecret({
    configured: options.urlSecret,
    dataDir: options.dataDir,
    fileName: 'image-url-secret',
  });
  return createImageStore(root, createImageUrlSigner(secret));
}
