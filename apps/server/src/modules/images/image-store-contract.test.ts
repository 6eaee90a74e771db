import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../env';
import { startS3Server, type S3Server } from '../../../test/start-s3-server';
import { TINY_PNG } from '../../../test/generation-worker-harness';
import { createImageStore, isImageKey, type ImageStore } from './image-store';
import { createImageUrlSigner } from './image-url-signer';
import { readImageHead } from './read-image-head';
import { createS3Client, createS3ImageStore } from './s3-image-store';

const signer = createImageUrlSigner('test-image-url-secret-0123456789abcdef');
const OTHER_PNG = Buffer.concat([TINY_PNG, Buffer.from('other bytes')]);
const MISSING_KEY = `ab/${'ab'.repeat(32)}.png`;

interface Backing {
  images: ImageStore;
  stop(): Promise<void>;
}

const backings: Record<string, () => Promise<Backing>> = {
  filesystem: async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'nocturne-images-'));
    return {
      images: createImageStore(root, signer),
      stop: () => rm(root, { recursive: true, force: true }),
    };
  },
  s3: async () => {
    const server = await startS3Server({ prefix: 'contract/' });
    const env = parseEnv(server.env);
    const client = createS3Client(env.S3!);
    const images = createS3ImageStore({
      client,
      bucket: server.bucket,
      prefix: 'contract/',
      urls: signer,
    });
    return {
      images,
      async stop() {
        images.close();
        await server.stop();
      },
    };
  },
};

/** One body for both stores: whatever a caller may rely on holds for each. */
describe.each(Object.keys(backings))('ImageStore contract (%s)', (name) => {
  let backing: Backing;
  const images = () => backing.images;

  beforeAll(async () => {
    backing = await backings[name]!();
  });
  afterAll(() => backing.stop());

  it("reads an image's first bytes alone (all of them when it is shorter)", async () => {
    const key = await images().save(OTHER_PNG);
    expect(await readImageHead(images(), key, 24)).toEqual(OTHER_PNG.subarray(0, 24));
    expect(await readImageHead(images(), key, OTHER_PNG.length + 100)).toEqual(OTHER_PNG);
    await expect(readImageHead(images(), MISSING_KEY, 24)).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });

  it('saves under a fresh unguessable key and gives the bytes back whole and streamed', async () => {
    const key = await images().save(TINY_PNG);
    const again = await images().save(TINY_PNG);
    expect(isImageKey(key)).toBe(true);
    expect(again).not.toBe(key);
    expect(await images().exists(key)).toBe(true);
    expect((await images().read(key)).equals(TINY_PNG)).toBe(true);
    expect((await buffer(images().createReadStream(key))).equals(TINY_PNG)).toBe(true);
    expect((await buffer(await images().open(key))).equals(TINY_PNG)).toBe(true);
  });

  it('copies into an independent image that outlives the original', async () => {
    const key = await images().save(OTHER_PNG);
    const copy = await images().copy(key);
    expect(copy).not.toBe(key);
    expect(isImageKey(copy)).toBe(true);
    await images().remove(key);
    expect(await images().exists(key)).toBe(false);
    expect((await images().read(copy)).equals(OTHER_PNG)).toBe(true);
  });

  it('removes, and removing again (or something never stored) is not an error', async () => {
    const key = await images().save(TINY_PNG);
    await images().remove(key);
    expect(await images().exists(key)).toBe(false);
    await expect(images().remove(key)).resolves.toBeUndefined();
    await expect(images().remove(MISSING_KEY)).resolves.toBeUndefined();
  });

  it('a missing image: not there, and reading, streaming or copying it fails with ENOENT', async () => {
    expect(await images().exists(MISSING_KEY)).toBe(false);
    await expect(images().read(MISSING_KEY)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(buffer(images().createReadStream(MISSING_KEY))).rejects.toMatchObject({
      code: 'ENOENT',
    });
    await expect(images().copy(MISSING_KEY)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(images().open(MISSING_KEY)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses what is not one of its keys, and signs links for its keys', async () => {
    await expect(images().read('../secrets.png')).rejects.toThrow(/not an image key/);
    const key = await images().save(TINY_PNG);
    const link = new URL(images().urlFor(key), 'http://localhost');
    expect(link.pathname).toBe(`/images/${key}`);
    const expires = link.searchParams.get('expires') ?? '';
    const signature = link.searchParams.get('signature') ?? '';
    expect(images().verifyUrl(key, expires, signature)).toBe(true);
    expect(images().verifyUrl(MISSING_KEY, expires, signature)).toBe(false);
  });
});

describe('filesystem ImageStore', () => {
  it('a write that fails part-way leaves no temp file behind', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'nocturne-images-'));
    try {
      const images = createImageStore(root, signer);
      // writeFile takes an async iterable too: one chunk lands on disk, then the write fails,
      // as a disk filling up mid-file does.
      async function* halfWritten() {
        yield TINY_PNG.subarray(0, 10);
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
          code: 'ENOSPC',
        });
      }
      await expect(images.save(halfWritten() as unknown as Buffer)).rejects.toMatchObject({
        code: 'ENOSPC',
      });
      const files = await readdir(root, { recursive: true, withFileTypes: true });
      expect(files.filter((entry) => entry.isFile())).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('S3 ImageStore', () => {
  let server: S3Server;
  let images: ImageStore;

  beforeAll(async () => {
    server = await startS3Server();
    images = createS3ImageStore({
      client: createS3Client(parseEnv({ ...server.env, S3_PREFIX: 'nocturne/' }).S3!),
      bucket: server.bucket,
      prefix: 'nocturne/',
      urls: signer,
    });
  });
  afterAll(async () => {
    images.close();
    await server.stop();
  });

  it('stores objects under S3_PREFIX with the key unchanged', async () => {
    const key = await images.save(TINY_PNG);
    expect(await server.listKeys()).toContain(`nocturne/${key}`);
  });

  it('a bucket that is down: exists, save and read fail instead of answering "missing"', async () => {
    const down = await startS3Server();
    const store = createS3ImageStore({
      client: createS3Client(parseEnv(down.env).S3!),
      bucket: down.bucket,
      prefix: '',
      urls: signer,
    });
    const key = await store.save(TINY_PNG);
    await down.stop();
    try {
      await expect(store.exists(key)).rejects.toThrow(/ECONNREFUSED/);
      await expect(store.save(TINY_PNG)).rejects.toThrow(/ECONNREFUSED/);
      await expect(store.read(key)).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      store.close();
    }
  });
});
