import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import {
  access,
  copyFile,
  mkdir,
  open as fsOpen,
  readFile,
  rename,
  rm,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ImageUrlSigner } from './image-url-signer';

/** URL prefix the images are served under (see image-routes.ts). */
export const IMAGES_URL_PREFIX = '/images/';

/** `ab/<64 hex>.png`: 32 random bytes make keys unguessable; the 2-char shard keeps dirs small. */
const KEY_PATTERN = /^[0-9a-f]{2}\/[0-9a-f]{64}\.png$/;

export function isImageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/**
 * The key of one of our image links (`[IMAGE_BASE_URL]/images/<key>?expires…&signature…`, as
 * urlFor makes them), or undefined for anything else.
 */
export function imageKeyOfUrl(url: string): string | undefined {
  const start = url.indexOf(IMAGES_URL_PREFIX);
  if (start === -1) return undefined;
  const end = url.indexOf('?', start);
  const key = url.slice(start + IMAGES_URL_PREFIX.length, end === -1 ? undefined : end);
  return isImageKey(key) ? key : undefined;
}

/** The unsigned path of an image (ImageStore.urlFor adds the signature every response carries). */
export function imagePath(key: string): string {
  return `${IMAGES_URL_PREFIX}${key}`;
}

/**
 * Where result and favorite PNGs live: DATA_DIR/images (below) or an S3 bucket
 * (s3-image-store.ts). Both fail the same way: a missing key rejects read/copy and errors the
 * stream, any other storage failure rejects, so callers (the worker's retry and refund) need not
 * know which one they have.
 */
export interface ImageStore {
  /**
   * The link a response carries for `key`: signed and expiring (image-url-signer.ts), on
   * IMAGE_BASE_URL when set; a bare path otherwise, which the web app prefixes with its image
   * host (VITE_IMAGE_BASE_URL).
   */
  urlFor(key: string): string;
  /** Whether a link's `expires` and `signature` are valid for `key` now. */
  verifyUrl(key: string, expires: string, signature: string): boolean;
  save(png: Buffer): Promise<string>;
  read(key: string): Promise<Buffer>;
  /**
   * The image as a stream once it is known to exist (ENOENT otherwise): serving one image costs
   * one lookup, and a missing one can still be answered 404 before anything is sent.
   */
  open(key: string): Promise<Readable>;
  /** For streaming many images out (the data export) without holding them in memory. */
  createReadStream(key: string): Readable;
  exists(key: string): Promise<boolean>;
  /** A second, independent image with the same bytes (favorites keep their own copy). */
  copy(key: string): Promise<string>;
  /** Removing a missing image is not an error: cleanup and delete may race. */
  remove(key: string): Promise<void>;
  /** Lets go of connections (the S3 client's sockets); nothing for files. */
  close(): void;
}

export function newImageKey(): string {
  const name = randomBytes(32).toString('hex');
  return `${name.slice(0, 2)}/${name}.png`;
}

/** PNG files under DATA_DIR/images; the single place that knows the layout. */
export function createImageStore(root: string, urls: ImageUrlSigner): ImageStore {
  const fileOf = (key: string) => {
    // Keys come from our own rows, but a key is also a path: never let one leave the root.
    if (!isImageKey(key)) throw new Error(`not an image key: ${key}`);
    return path.join(root, key);
  };
  async function prepare() {
    const key = newImageKey();
    const file = fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    return { key, file };
  }
  return {
    urlFor: (key) => urls.sign(imagePath(key)),
    verifyUrl: (key, expires, signature) => urls.verify(imagePath(key), expires, signature),
    async save(png) {
      const { key, file } = await prepare();
      // Write then rename: the static server never sees a half-written file.
      const temp = `${file}.${process.pid}.tmp`;
      try {
        await writeFile(temp, png);
        await rename(temp, file);
      } catch (error) {
        // A write that failed part-way (disk full) leaves a file no row will ever point at.
        await rm(temp, { force: true });
        throw error;
      }
      return key;
    },
    read: async (key) => readFile(fileOf(key)),
    async open(key) {
      const handle = await fsOpen(fileOf(key), 'r');
      return handle.createReadStream();
    },
    createReadStream: (key) => createReadStream(fileOf(key)),
    exists: (key) =>
      access(fileOf(key)).then(
        () => true,
        () => false,
      ),
    async copy(key) {
      const target = await prepare();
      await copyFile(fileOf(key), target.file);
      return target.key;
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    close: () => undefined,
  };
}
