import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: path.join(REPO_ROOT, 'data'),
      DATABASE_URL: undefined,
      PUBLIC_URL: 'http://localhost:3000',
      MAIL_FROM: 'Nocturne <no-reply@localhost>',
      LOG_LEVEL: 'info',
      CORS_ORIGINS: [],
      WEB_DIST_DIR: path.join(REPO_ROOT, 'apps/web/dist'),
      TRUST_PROXY: false,
      REDIS_URL: undefined,
      GENERATION_TIMEOUT_S: 120,
      WORKER_CONCURRENCY: 1,
      SIGN_UP_MAX_PER_IP_PER_MINUTE: 10,
      SIGN_IN_MAX_PER_IP_PER_15_MIN: 30,
    });
  });

  it('reads the sign-in limits per account and address and per account across addresses', () => {
    expect(parseEnv({})).toMatchObject({
      SIGN_IN_MAX_PER_ACCOUNT_AND_IP: 10,
      SIGN_IN_MAX_PER_EMAIL: 100,
    });
    expect(
      parseEnv({ SIGN_IN_MAX_PER_ACCOUNT_AND_IP: '3', SIGN_IN_MAX_PER_EMAIL: '5' }),
    ).toMatchObject({ SIGN_IN_MAX_PER_ACCOUNT_AND_IP: 3, SIGN_IN_MAX_PER_EMAIL: 5 });
    expect(() => parseEnv({ SIGN_IN_MAX_PER_EMAIL: '0' })).toThrow(/SIGN_IN_MAX_PER_EMAIL/);
  });

  it('takes PUBLIC_URL without its trailing slash, else the address the server listens on', () => {
    expect(parseEnv({ PORT: '3123' }).PUBLIC_URL).toBe('http://localhost:3123');
    expect(parseEnv({ PUBLIC_URL: 'https://nocturne.example/' }).PUBLIC_URL).toBe(
      'https://nocturne.example',
    );
  });

  it('takes REDIS_URL as a URL', () => {
    expect(parseEnv({ REDIS_URL: 'redis://localhost:6379' }).REDIS_URL).toBe(
      'redis://localhost:6379',
    );
    expect(parseEnv({ REDIS_URL: '' }).REDIS_URL).toBeUndefined();
    expect(() => parseEnv({ REDIS_URL: 'not a url' })).toThrow(/REDIS_URL/);
  });

  it('derives PUBLIC_URL from PORT and resolves relative paths from where npm was run', () => {
    const env = parseEnv({
      PORT: '4000',
      DATA_DIR: 'x',
      INIT_CWD: '/srv/app',
      CORS_ORIGINS: 'https://a.example/, https://b.example',
    });
    expect(env.PUBLIC_URL).toBe('http://localhost:4000');
    expect(env.DATA_DIR).toBe('/srv/app/x');
    expect(env.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
  });

  it('reads TRUST_PROXY as off, a hop count (true is one hop) or proxy addresses', () => {
    const read = (value: string) => parseEnv({ TRUST_PROXY: value }).TRUST_PROXY;
    expect(read('false')).toBe(false);
    expect(read('')).toBe(false);
    expect(read('true')).toBe(1);
    expect(read('2')).toBe(2);
    expect(read('10.0.0.1, 192.168.0.0/16,::1')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
    expect(() => read('10.0.0.1/abc')).toThrow(EnvError);
    expect(() => read('proxy.internal')).toThrow(/TRUST_PROXY/);
  });

  it('lists every problem at once', () => {
    let caught: unknown;
    try {
      parseEnv({
        PORT: 'abc',
        PUBLIC_URL: 'not a url',
        TRUST_PROXY: 'maybe',
        BETTER_AUTH_SECRET: 'short',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    const problems = (caught as EnvError).problems.join('\n');
    for (const name of ['PORT', 'PUBLIC_URL', 'TRUST_PROXY', 'BETTER_AUTH_SECRET']) {
      expect(problems).toContain(name);
    }
  });
});

describe('parseEnv image settings', () => {
  it('defaults to auto with models under DATA_DIR', () => {
    const env = parseEnv({ DATA_DIR: '/srv/nocturne' });
    expect(env.IMAGE).toMatchObject({
      backend: 'auto',
      modelsDir: path.join('/srv/nocturne', 'models'),
      model: 'sd-turbo',
    });
  });

  it('names the missing URL of a GPU-server backend', () => {
    expect(() => parseEnv({ IMAGE_BACKEND: 'comfyui' })).toThrow(EnvError);
    expect(() => parseEnv({ IMAGE_BACKEND: 'comfyui' })).toThrow(/COMFYUI_URL/);
    expect(() => parseEnv({ IMAGE_BACKEND: 'openai' })).toThrow(/OPENAI_IMAGES_URL/);
  });

  it('refuses an unknown backend and a zero concurrency', () => {
    expect(() => parseEnv({ IMAGE_BACKEND: 'gpu', WORKER_CONCURRENCY: '0' })).toThrow(
      /IMAGE_BACKEND[\s\S]*WORKER_CONCURRENCY|WORKER_CONCURRENCY[\s\S]*IMAGE_BACKEND/,
    );
  });
});

describe('parseEnv object storage settings', () => {
  it('keeps images in DATA_DIR without S3_BUCKET, and links on this origin without IMAGE_BASE_URL', () => {
    expect(parseEnv({})).toMatchObject({ S3: undefined, IMAGE_BASE_URL: undefined });
  });

  it('reads the bucket settings, defaulting the region and normalising prefix and base URL', () => {
    const env = parseEnv({
      S3_BUCKET: 'nocturne-images',
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: 'prod',
      IMAGE_BASE_URL: 'https://img.example.com/',
    });
    expect(env.S3).toEqual({
      bucket: 'nocturne-images',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      prefix: 'prod/',
    });
    expect(env.IMAGE_BASE_URL).toBe('https://img.example.com');
    expect(parseEnv({ S3_BUCKET: 'b-1', S3_REGION: 'eu-west-3' }).S3).toMatchObject({
      region: 'eu-west-3',
      forcePathStyle: false,
      credentials: undefined,
      prefix: '',
    });
  });

  it('says what is wrong with each setting', () => {
    const problems = (source: Record<string, string>) => {
      try {
        parseEnv(source);
      } catch (error) {
        return (error as EnvError).problems.join('\n');
      }
      return '';
    };
    expect(problems({ S3_BUCKET: 'bkt', S3_ENDPOINT: 'minio:9000' })).toMatch(
      /S3_ENDPOINT: expected an http\(s\) URL/,
    );
    expect(problems({ IMAGE_BASE_URL: 'cdn.example.com' })).toMatch(/IMAGE_BASE_URL/);
    expect(problems({ S3_BUCKET: 'My_Bucket' })).toMatch(/S3_BUCKET: expected an S3 bucket name/);
    expect(problems({ S3_BUCKET: 'bkt', S3_FORCE_PATH_STYLE: 'maybe' })).toMatch(
      /S3_FORCE_PATH_STYLE: expected true or false/,
    );
    expect(problems({ S3_BUCKET: 'bkt', S3_ACCESS_KEY_ID: 'key' })).toMatch(
      /S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    );
    expect(problems({ S3_BUCKET: 'bkt', S3_PREFIX: '/abs' })).toMatch(/S3_PREFIX: must not start/);
    expect(problems({ S3_ENDPOINT: 'http://minio:9000' })).toMatch(
      /S3_ENDPOINT: set without S3_BUCKET/,
    );
  });
});
