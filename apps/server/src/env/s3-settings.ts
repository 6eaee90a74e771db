import { z } from 'zod';
import { optionalString } from './env-fields';

/** S3_BUCKET: a bucket name as S3 accepts it, or unset (images in DATA_DIR/images). */
export const s3BucketField = optionalString.pipe(
  z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'expected an S3 bucket name (3-63 of a-z 0-9 . -)')
    .optional(),
);

/** The S3_* variables as they arrive (the fields of `envVariables` read here). */
export interface S3Variables {
  S3_BUCKET?: string;
  S3_REGION: string;
  S3_ENDPOINT?: string;
  S3_FORCE_PATH_STYLE?: boolean;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_PREFIX?: string;
}

/** The bucket's settings, or undefined for DATA_DIR/images; issues name what is inconsistent. */
export function s3Settings(raw: S3Variables, ctx: z.RefinementCtx) {
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: keyId, S3_SECRET_ACCESS_KEY: secret } = raw;
  if (!bucket) {
    const stray = (
      [
        'S3_ENDPOINT',
        'S3_FORCE_PATH_STYLE',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
        'S3_PREFIX',
      ] as const
    ).filter((name) => raw[name] !== undefined);
    for (const name of stray) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: 'set without S3_BUCKET (images stay in DATA_DIR/images)',
      });
    }
    return undefined;
  }
  if (Boolean(keyId) !== Boolean(secret)) {
    ctx.addIssue({
      code: 'custom',
      path: [keyId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
      message:
        'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or neither: the SDK credential chain)',
    });
  }
  return {
    bucket,
    region: raw.S3_REGION,
    endpoint: raw.S3_ENDPOINT,
    forcePathStyle: raw.S3_FORCE_PATH_STYLE ?? false,
    credentials: keyId && secret ? { accessKeyId: keyId, secretAccessKey: secret } : undefined,
    prefix: raw.S3_PREFIX ?? '',
  };
}
