import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { S3Env } from '../../env';
import { imagePath, isImageKey, newImageKey, type ImageStore } from './image-store';
import type { ImageUrlSigner } from './image-url-signer';

/**
 * Keys never change once written (a copy gets a new key), and the bucket is never public: only
 * our own signed /images links reach an object, so a cache may keep it but not share it.
 */
const OBJECT_CACHE_CONTROL = 'private, max-age=31536000, immutable';

export function createS3Client(settings: S3Env): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 requires them: many S3-compatible servers reject the SDK's default
    // CRC32 trailers (aws-chunked uploads) that AWS accepts.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NotFound' ||
      error.name === 'NoSuchKey' ||
      error.$metadata.httpStatusCode === 404)
  );
}

/** The filesystem store's failure for a missing image (ENOENT), so callers see one kind. */
function asMissing(key: string, error: unknown): unknown {
  if (!isMissing(error)) return error;
  return Object.assign(new Error(`ENOENT: no such image: ${key}`, { cause: error }), {
    code: 'ENOENT',
  });
}

/** PNG objects in one S3 bucket (AWS, or a compatible server at S3_ENDPOINT) under S3_PREFIX. */
export function createS3ImageStore(options: {
  client: S3Client;
  bucket: string;
  prefix: string;
  urls: ImageUrlSigner;
}): ImageStore {
  const { client, bucket, prefix, urls } = options;
  const objectKey = (key: string) => {
    if (!isImageKey(key)) throw new Error(`not an image key: ${key}`);
    return `${prefix}${key}`;
  };
  const getObject = async (key: string) => {
    try {
      return await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    } catch (error) {
      throw asMissing(key, error);
    }
  };
  return {
    urlFor: (key) => urls.sign(imagePath(key)),
    verifyUrl: (key, expires, signature) => urls.verify(imagePath(key), expires, signature),
    async save(png) {
      const key = newImageKey();
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Body: png,
          ContentType: 'image/png',
          CacheControl: OBJECT_CACHE_CONTROL,
        }),
      );
      return key;
    },
    async read(key) {
      const object = await getObject(key);
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    async open(key) {
      return (await getObject(key)).Body as Readable;
    },
    createReadStream(key) {
      // The object is fetched when the reader starts pulling (a ZIP writer opens entries one by
      // one) and streamed through, never buffered whole.
      async function* chunks() {
        const object = await getObject(key);
        yield* object.Body as Readable;
      }
      return Readable.from(chunks(), { objectMode: false });
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async copy(key) {
      const target = newImageKey();
      try {
        await client.send(
          new CopyObjectCommand({
            Bucket: bucket,
            Key: objectKey(target),
            CopySource: `${bucket}/${objectKey(key)}`,
          }),
        );
      } catch (error) {
        throw asMissing(key, error);
      }
      return target;
    },
    async remove(key) {
      // S3 answers 204 for a key that is not there: nothing to tell apart.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    close: () => client.destroy(),
  };
}
