import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

/** s3rver takes any credentials; the SDK needs some to sign with. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3Server {
  endpoint: string;
  bucket: string;
  /**
   * The settings that point Nocturne at this server: for createTestApp's env, or a child
   * process's environment (split roles).
   */
  env: Record<string, string>;
  /** Every object key in the bucket (prefix included). */
  listKeys(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, in this process) on a free port with one empty bucket,
 * keeping its objects in a temp dir removed by stop().
 */
export async function startS3Server(
  options: { bucket?: string; prefix?: string } = {},
): Promise<S3Server> {
  const bucket = options.bucket ?? 'nocturne-test';
  const directory = await mkdtemp(path.join(tmpdir(), 'nocturne-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: CREDENTIALS,
  });
  // s3rver signs bucket-level requests over `/bucket` while the SDK sends `/bucket/`: without
  // the slash both sides agree (object requests, which Nocturne makes, are unaffected).
  client.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { path?: string };
      if (request.path === `/${bucket}/`) request.path = `/${bucket}`;
      return next(args);
    },
    { step: 'build', name: 's3rverBucketPath' },
  );
  let running = true;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      ...(options.prefix ? { S3_PREFIX: options.prefix } : {}),
    },
    async listKeys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
    async stop() {
      if (!running) return;
      running = false;
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
