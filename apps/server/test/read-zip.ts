import { buffer } from 'node:stream/consumers';
import yauzl from 'yauzl';

/** Every entry of a ZIP, by path, read with a real unzip library (not the writer we test). */
export async function readZip(zipBytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(zipBytes, { lazyEntries: true });
  const files = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    files.set(entry.fileName, await buffer(await zip.openReadStreamPromise(entry)));
  }
  return files;
}
