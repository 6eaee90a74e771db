import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from './error-codes';
import { BARE_TOO_MANY_REQUESTS_MESSAGE, mapHttpError } from './map-http-error';

describe('mapHttpError (spec §8)', () => {
  it('maps no response to a retryable NETWORK_ERROR with status 0', () => {
    expect(mapHttpError(undefined, undefined)).toEqual({
      code: 'NETWORK_ERROR',
      message: 'Connection failed. Please check your internet and try again.',
      status: 0,
      retryable: true,
    });
  });

  it('uses the known message for a known code, not the server text', () => {
    const mapped = mapHttpError(402, { error: 'INSUFFICIENT_CREDITS', message: 'server words' });
    expect(mapped.message).toBe("You don't have enough credits to generate an image.");
    expect(mapped.retryable).toBe(false);
  });

  it('keeps the server message for an unknown code', () => {
    const mapped = mapHttpError(400, { error: 'CONTENT_POLICY', message: 'Prompt refused.' });
    expect(mapped).toMatchObject({ code: 'CONTENT_POLICY', message: 'Prompt refused.' });
  });

  it.each([
    [500, true],
    [503, true],
    [408, true],
    [429, true],
    [409, false],
    [422, false],
  ])('a body with status %i is retryable=%s', (status, retryable) => {
    expect(mapHttpError(status, { error: 'X', message: 'y' }).retryable).toBe(retryable);
  });

  it.each([
    [401, 'UNAUTHORIZED'],
    [402, 'INSUFFICIENT_CREDITS'],
    [404, 'NOT_FOUND'],
    [422, 'VALIDATION_ERROR'],
  ] as const)('maps a bare %i to %s', (status, code) => {
    expect(mapHttpError(status, 'not json')).toEqual({
      code,
      message: ERROR_CATALOGUE[code].message,
      status,
      retryable: false,
    });
  });

  it('maps a bare 429 to a retryable INTERNAL_ERROR with its own message', () => {
    expect(mapHttpError(429, null)).toEqual({
      code: 'INTERNAL_ERROR',
      message: BARE_TOO_MANY_REQUESTS_MESSAGE,
      status: 429,
      retryable: true,
    });
  });

  it('maps other bare statuses to INTERNAL_ERROR, retryable only from 500', () => {
    expect(mapHttpError(502, undefined).retryable).toBe(true);
    expect(mapHttpError(400, undefined)).toMatchObject({
      code: 'INTERNAL_ERROR',
      retryable: false,
    });
  });
});
