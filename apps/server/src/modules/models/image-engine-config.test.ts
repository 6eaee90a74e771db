import { CONTENT_PROMPT_MAX_LENGTH } from '@nocturne/contract/generations/create-generation';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../env';
import { applyStylePreset, STYLE_IDS } from '@nocturne/contract/generations/generation-options';
import { imageEngineConfig } from './image-engine-config';

const noLog = () => undefined;

describe('imageEngineConfig', () => {
  it("bounds the engine by the worker's concurrency and leaves the deadline to the job", () => {
    const config = imageEngineConfig(
      parseEnv({ WORKER_CONCURRENCY: '3', GENERATION_TIMEOUT_S: '45' }),
      noLog,
    );
    expect(config.maxConcurrency).toBe(3);
    expect(config.timeoutMs).toBeUndefined();
  });

  it("accepts the contract's longest prompt inside the longest style template", () => {
    const limit = imageEngineConfig(parseEnv({}), noLog).maxPromptLength ?? 0;
    for (const style of STYLE_IDS) {
      const { prompt } = applyStylePreset('x'.repeat(CONTENT_PROMPT_MAX_LENGTH), '', style);
      expect(prompt.length).toBeLessThanOrEqual(limit);
    }
    expect(limit).toBeLessThan(CONTENT_PROMPT_MAX_LENGTH + 200);
  });

  it('passes the chosen GPU server', () => {
    const env = parseEnv({ IMAGE_BACKEND: 'a1111', A1111_URL: 'http://127.0.0.1:7860' });
    expect(imageEngineConfig(env, noLog)).toMatchObject({
      backend: 'a1111',
      a1111: { url: 'http://127.0.0.1:7860' },
    });
  });
});
