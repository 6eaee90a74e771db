import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'imagegen',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 20_000,
    // Files share a worker's module graph (decision 068): onnxruntime and the pipeline load once.
    isolate: false,
  },
});
