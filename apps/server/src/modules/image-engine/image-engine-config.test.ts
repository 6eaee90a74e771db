import { CONTENT_PROMPT_MAX_LENGTH } from '@nocturne/contract/generations/create-generation';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../env';
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

  it("passes the contract's prompt length so engine and API share one limit", () => {
    expect(imageEngineConfig(parseEnv({}), noLog).maxPromptLength).toBe(CONTENT_PROMPT_MAX_LENGTH);
  });

  it('passes the chosen GPU server', () => {
    const env = parseEnv({ IMAGE_BACKEND: 'a1111', A1111_URL: 'http://127.0.0.1:7860' });
    expect(imageEngineConfig(env, noLog)).toMatchObject({
      backend: 'a1111',
      a1111: { url: 'http://127.0.0.1:7860' },
    });
  });
});
