import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Git's blob id of a file (SHA-1 of "blob <size>\0" + bytes): what the Hub lists for it. */
export async function gitBlobIdFile(path: string): Promise<string> {
  const hash = createHash('sha1').update(`blob ${(await stat(path)).size}\0`);
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export function gitBlobIdBytes(data: Uint8Array | string): string {
  return createHash('sha1')
    .update(`blob ${Buffer.byteLength(data)}\0`)
    .update(data)
    .digest('hex');
}

export function sha256Bytes(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}

export async function fileSize(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Write-then-rename so a reader never sees half a file, even if the process dies mid-write. */
export async function writeFileAtomic(path: string, data: Uint8Array | string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
  try {
    await writeFile(temp, data);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
