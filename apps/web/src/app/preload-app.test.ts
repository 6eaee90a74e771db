import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { appPreloads } from '../../build/preload-app';

function chunk(fileName: string, name: string, imports: string[], isEntry = false) {
  return { type: 'chunk', fileName, name, imports, isEntry } as unknown as Rollup.OutputChunk;
}

const BUNDLE = Object.fromEntries(
  [
    chunk('assets/index.js', 'index', ['assets/app.js'], true),
    chunk('assets/app.js', 'app', ['assets/index.js', 'assets/react.js', 'assets/data.js']),
    chunk('assets/react.js', 'react', []),
    chunk('assets/data.js', 'data', ['assets/react.js']),
    chunk('assets/signed-in.js', 'signed-in', ['assets/zod.js', 'assets/react.js']),
    chunk('assets/zod.js', 'zod', []),
    chunk('assets/profile.js', 'profile', ['assets/zod.js']),
  ].map((output) => [output.fileName, output]),
) as Rollup.OutputBundle;

describe('appPreloads (docs/decisions/028)', () => {
  it('names the chunks and what they import statically, once each, without the entry', () => {
    expect(appPreloads(BUNDLE, ['app', 'signed-in'])).toEqual([
      'assets/app.js',
      'assets/react.js',
      'assets/data.js',
      'assets/signed-in.js',
      'assets/zod.js',
    ]);
  });

  it('fails the build when a named chunk is gone (e.g. renamed in build/chunks.ts)', () => {
    expect(() => appPreloads(BUNDLE, ['app', 'shell'])).toThrow('no chunk named shell');
  });
});
