import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../../env';
import { loadOrCreateSecret } from '../../lib/load-or-create-secret';
import { createImageStore, type ImageStore } from './image-store';
import { createImageUrlSigner } from './image-url-signer';
import { createS3Client, createS3ImageStore } from './s3-image-store';

/**
 * The S3 bucket when S3_BUCKET is set, else DATA_DIR/images; with the link-signing secret
 * (IMAGE_URL_SECRET, or one kept in DATA_DIR): every process that hands out or serves image links
 * must share it.
 */
export async function openImageStore(
  env: Pick<Env, 'DATA_DIR' | 'IMAGE_URL_SECRET' | 'IMAGE_BASE_URL' | 'S3'>,
): Promise<ImageStore> {
  const secret = await loadOrCreateSecret({
    configured: env.IMAGE_URL_SECRET,
    dataDir: env.DATA_DIR,
    fileName: 'image-url-secret',
  });
  const urls = createImageUrlSigner(secret, env.IMAGE_BASE_URL);
  if (env.S3) {
    const { bucket, prefix } = env.S3;
    return createS3ImageStore({ client: createS3Client(env.S3), bucket, prefix, urls });
  }
  const root = path.join(env.DATA_DIR, 'images');
  await mkdir(root, { recursive: true });
  return createImageStore(root, urls);
}
