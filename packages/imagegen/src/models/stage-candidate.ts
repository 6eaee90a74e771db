import { copyFile, link, mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ModelFile } from './manifest';

/** A fresh candidate folder holding the downloaded files, beside the downloads they came from. */
export async function stageCandidate(
  downloads: string,
  candidate: string,
  files: ModelFile[],
): Promise<void> {
  await rm(candidate, { recursive: true, force: true });
  for (const file of files)
    await linkOrCopy(join(downloads, file.path), join(candidate, file.path));
}

/** Hard links where the filesystem allows (no second copy of gigabytes), else copies. */
async function linkOrCopy(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  await link(from, to).catch(() => copyFile(from, to));
}
