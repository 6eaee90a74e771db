import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readImageHead } from './read-image-head';

describe('readImageHead', () => {
  it('stops reading once it has the bytes asked for', async () => {
    let pulled = 0;
    const chunks = function* () {
      for (let index = 0; index < 10; index += 1) {
        pulled += 1;
        yield Buffer.alloc(16, index);
      }
    };
    const images = { open: async () => Readable.from(chunks(), { objectMode: false }) };
    const head = await readImageHead(images, 'ab/key.png', 24);
    expect(head).toEqual(Buffer.concat([Buffer.alloc(16, 0), Buffer.alloc(8, 1)]));
    expect(pulled).toBeLessThan(10);
  });
});
