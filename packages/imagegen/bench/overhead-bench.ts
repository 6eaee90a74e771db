import { createImageGenerator } from '../src/create-image-generator';
import type { ImageGenConfig } from '../src/config';
import { type InstantServer, instantA1111, instantComfy, instantOpenAi } from './instant-servers';
import { rawA1111, rawComfy, rawOpenAi } from './raw-calls';
import { median } from './stats';

export interface OverheadRow {
  backend: string;
  /** Medians in ms: the hand-made wire exchange, the engine's generate(), its PNG re-encode. */
  raw: number;
  engine: number;
  encodePng: number;
}

interface Case {
  backend: 'comfyui' | 'a1111' | 'openai';
  start: (png: Buffer) => Promise<InstantServer>;
  raw: (url: string) => Promise<Buffer>;
  config: (url: string) => Partial<ImageGenConfig>;
}

const SQUARE = { width: 512, height: 512 };
const CASES: Case[] = [
  {
    backend: 'comfyui',
    start: instantComfy,
    raw: rawComfy,
    config: (url) => ({ comfyui: { url } }),
  },
  {
    backend: 'a1111',
    start: instantA1111,
    raw: rawA1111,
    config: (url) => ({ a1111: { url, defaults: SQUARE } }),
  },
  {
    backend: 'openai',
    start: instantOpenAi,
    raw: rawOpenAi,
    config: (url) => ({ openai: { url, model: 'any-model', defaults: SQUARE } }),
  },
];

/**
 * What the engine adds per image against servers that answer at once with `png`: request
 * resolution, limiter, websocket/progress plumbing, and the re-encode with marking. Raw calls and
 * engine calls alternate so drift hits both alike.
 */
export async function benchOverhead(png: Buffer, runs: number): Promise<OverheadRow[]> {
  const rows: OverheadRow[] = [];
  for (const item of CASES) {
    const server = await item.start(png);
    const generator = await createImageGenerator({
      backend: item.backend,
      modelsDir: '/nonexistent',
      ...item.config(server.url),
    } as ImageGenConfig);
    const raw: number[] = [];
    const engine: number[] = [];
    const encodePng: number[] = [];
    try {
      for (let i = -3; i < runs; i++) {
        let started = performance.now();
        await item.raw(server.url);
        const rawMs = performance.now() - started;
        started = performance.now();
        const image = await generator.generate({ prompt: 'a lighthouse at dusk', seed: i + 3 });
        const engineMs = performance.now() - started;
        if (i < 0) continue; // warm-up
        raw.push(rawMs);
        engine.push(engineMs);
        encodePng.push(image.timings.encode_png ?? 0);
      }
    } finally {
      await generator.close();
      await server.close();
    }
    rows.push({
      backend: item.backend,
      raw: median(raw),
      engine: median(engine),
      encodePng: median(encodePng),
    });
  }
  return rows;
}
