import { z } from 'zod';
import { optionalBoolean, optionalHttpUrl, optionalString } from './env-fields';
import { s3BucketField } from './s3-settings';

/** Where images live (DATA_DIR/images or a bucket) and the origin their links start with. */
export const storageVariables = {
  IMAGE_BASE_URL: optionalHttpUrl,
  S3_BUCKET: s3BucketField,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ENDPOINT: optionalHttpUrl,
  S3_FORCE_PATH_STYLE: optionalBoolean,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PREFIX: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9!_.*'()/-]+$/, "expected a key prefix of letters, digits and !_.*'()/-")
      .refine((value) => !value.startsWith('/'), 'must not start with /')
      .transform((value) => value.replace(/\/*$/, '/'))
      .optional(),
  ),
};

/** Outgoing mail: SMTP, or files under DATA_DIR/mail when unset. */
export const mailVariables = {
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().min(1).default('Nocturne <no-reply@localhost>'),
};
