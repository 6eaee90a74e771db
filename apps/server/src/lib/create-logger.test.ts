import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../test/auth-flow';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { fakeEngine, TINY_PNG } from '../../test/generation-worker-harness';
import { createLogger } from './create-logger';
import { escapeControlCharacters } from './escape-log-text';
import { redactUrl } from './redact-url';

/** A logger writing into an array, one parsed entry per line. */
function captureLog(level: 'debug' | 'info' = 'debug') {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(
        ...chunk
          .toString('utf8')
          .split('\n')
          .filter((line) => line.length > 0),
      );
      done();
    },
  });
  return { logger: createLogger({ LOG_LEVEL: level }, stream), lines };
}

describe('access log', () => {
  it('writes one line per request at info, with method, redacted URL, status and time', async () => {
    const log = captureLog('info');
    const ctx = await createTestApp({ logger: log.logger });
    try {
      await ctx.app.inject({ method: 'GET', url: '/api/v1/credits?token=S3CRET' });
      await ctx.app.inject({ method: 'GET', url: '/health' });
      const entries = log.lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => typeof entry.req === 'object' || typeof entry.res === 'object');
      expect(entries).toEqual([
        expect.objectContaining({
          msg: 'request completed',
          req: expect.objectContaining({ method: 'GET', url: '/api/v1/credits?token=[redacted]' }),
          res: { statusCode: 401 },
          responseTime: expect.any(Number),
        }),
        expect.objectContaining({
          msg: 'request completed',
          req: expect.objectContaining({ method: 'GET', url: '/health' }),
          res: { statusCode: 200 },
        }),
      ]);
    } finally {
      await ctx.close();
    }
  });
});

describe('log redaction', () => {
  it('redacts secret query parameters and reset tokens from URLs, leaving the rest', () => {
    expect(redactUrl('/api/auth/verify-email?token=abc.def&callbackURL=%2F')).toBe(
      '/api/auth/verify-email?token=[redacted]&callbackURL=%2F',
    );
    expect(redactUrl('/cb?CODE=1&state=2&Access_Token=3&x=4&access%5Ftoken=5')).toBe(
      '/cb?CODE=[redacted]&state=[redacted]&Access_Token=[redacted]&x=4&access%5Ftoken=[redacted]',
    );
    expect(redactUrl('/images/ab/cd.png?expires=99&signature=s1g')).toBe(
      '/images/ab/cd.png?expires=99&signature=[redacted]',
    );
    expect(redactUrl('/api/auth/reset-password/tok123?callbackURL=/x')).toBe(
      '/api/auth/reset-password/[redacted]?callbackURL=/x',
    );
    expect(redactUrl('/api/v1/generations?limit=5')).toBe('/api/v1/generations?limit=5');
  });

  it('escapes control characters, line separators and bidi overrides', () => {
    expect(escapeControlCharacters('a\nb\r\u001b[31mc\u2028d\u202ee\u0000')).toBe(
      'a\\u{a}b\\u{d}\\u{1b}[31mc\\u{2028}d\\u{202e}e\\u{0}',
    );
  });

  it('censors passwords, tokens, secrets, auth headers and cookies in logged objects', () => {
    const log = captureLog();
    const error = Object.assign(new Error('upstream refused'), {
      token: 'ERR-TOKEN',
      config: { headers: { authorization: 'Bearer ERR-AUTH' } },
      code: 'E_UPSTREAM',
    });
    log.logger.info(
      {
        password: 'TOP-PASSWORD',
        token: 'TOP-TOKEN',
        body: {
          password: 'P1',
          newPassword: 'P2',
          currentPassword: 'P3',
          token: 'T1',
          accessToken: 'T2',
          refreshToken: 'T3',
          idToken: 'T4',
          secret: 'S1',
          email: 'kept@example.com',
        },
        headers: { authorization: 'Bearer H1', cookie: 'session=C1', accept: 'text/html' },
        res: { statusCode: 200 },
        deeper: [{ credentials: { password: 'DEEP-PASSWORD' } }],
        nothing: { token: undefined },
        err: error,
      },
      'with secrets',
    );
    const line = log.lines.at(-1)!;
    for (const secret of ['PASSWORD', 'TOKEN', 'P1', 'P2', 'P3', 'T1', 'T2', 'T3', 'T4', 'S1']) {
      expect(line).not.toContain(secret);
    }
    for (const secret of ['H1', 'C1', 'ERR-AUTH']) expect(line).not.toContain(secret);
    const entry = JSON.parse(line) as Record<string, unknown>;
    expect(entry).toMatchObject({
      password: '[redacted]',
      token: '[redacted]',
      body: { password: '[redacted]', idToken: '[redacted]', email: 'kept@example.com' },
      headers: { authorization: '[redacted]', cookie: '[redacted]', accept: 'text/html' },
      deeper: [{ credentials: { password: '[redacted]' } }],
      err: {
        message: 'upstream refused',
        token: '[redacted]',
        code: 'E_UPSTREAM',
        config: { headers: { authorization: '[redacted]' } },
      },
    });
    expect(entry.nothing).toEqual({});
  });

  describe('in the running app', () => {
    let ctx: TestApp;
    let log: ReturnType<typeof captureLog>;
    let token: string;

    beforeAll(async () => {
      log = captureLog();
      ctx = await createTestApp({ logger: log.logger, imageEngine: fakeEngine(() => TINY_PNG) });
      ({ token } = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'logs@example.com'));
    });
    afterAll(() => ctx.close());

    it('never writes a token from a URL to the log', async () => {
      const secrets = ['S3CRET-ONE', 'S3CRET-TWO', 'S3CRET-THREE', 'S3CRET-FOUR'];
      await ctx.app.inject({ method: 'GET', url: `/api/v1/credits?token=${secrets[0]}` });
      await ctx.app.inject({
        method: 'GET',
        url: `/images/ab/cd.png?expires=1&signature=${secrets[1]}`,
      });
      await ctx.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${secrets[2]}` });
      await ctx.app.inject({ method: 'GET', url: `/api/auth/reset-password/${secrets[3]}` });
      const text = log.lines.join('\n');
      for (const secret of secrets) expect(text).not.toContain(secret);
      expect(text).toContain('/api/v1/credits?token=[redacted]');
      expect(text).toContain('signature=[redacted]');
    });

    it('writes attacker text escaped, one JSON line per entry, even at error level', async () => {
      const before = log.lines.length;
      // Fastify's request line quotes the URL as sent.
      await ctx.app.inject({ method: 'GET', url: '/api/v1/credits?q=%0A\u001b[31mFAKE' });
      ctx.app.log.error(
        { err: new Error('bad input "x\n{"level":60,"msg":"forged"}"'), input: 'a\u2028b' },
        'refused \u001b[2J text\r\nsecond line',
      );
      const entries = log.lines
        .slice(before)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const error = entries.find((entry) => entry.level === 50)!;
      expect(error.msg).toBe('refused \\u{1b}[2J text\\u{d}\\u{a}second line');
      expect(error.input).toBe('a\\u{2028}b');
      const err = error.err as { message: string; stack: string };
      expect(err.message).toBe('bad input "x\\u{a}{"level":60,"msg":"forged"}"');
      expect(err.stack).toContain('bad input "x\\u{a}{');
      // No raw control character anywhere: escaping a line again changes nothing.
      for (const line of log.lines) expect(escapeControlCharacters(line)).toBe(line);
    });

    it('keeps refused prompts out of the log (the review record holds them)', async () => {
      const prompt = 'nude t33n UNIQUE-REFUSED-PROMPT';
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/generate',
        headers: { authorization: `Bearer ${token}` },
        payload: { content_prompt: prompt, negative_prompt: 'UNIQUE-NEGATIVE' },
      });
      expect(response.statusCode).toBe(422);
      const text = log.lines.join('\n');
      expect(text).not.toContain('UNIQUE-REFUSED-PROMPT');
      expect(text).not.toContain('UNIQUE-NEGATIVE');
      expect(text).toContain('"rule":"sexualised_minor"');
    });
  });
});
