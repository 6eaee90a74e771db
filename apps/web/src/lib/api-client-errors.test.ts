import { HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@nocturne/contract/errors/error-codes';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import type { ApiError } from './api-client';
import { anything, captureError, serve, setup } from '../../test/lib/api-client-fixtures';

describe('api client: error mapping (spec §8)', () => {
  const cases: Array<{
    name: string;
    status: number;
    body: JsonBodyType | null;
    expected: Pick<ApiError, 'code' | 'message' | 'status' | 'retryable'>;
  }> = [
    {
      name: 'known code in body uses the catalogue message',
      status: 402,
      body: { error: 'INSUFFICIENT_CREDITS', message: 'server words' },
      expected: {
        code: 'INSUFFICIENT_CREDITS',
        message: ERROR_CATALOGUE.INSUFFICIENT_CREDITS.message,
        status: 402,
        retryable: false,
      },
    },
    {
      name: 'unknown code in body keeps the server message',
      status: 400,
      body: { error: 'SOMETHING_NEW', message: 'Server explains' },
      expected: {
        code: 'SOMETHING_NEW',
        message: 'Server explains',
        status: 400,
        retryable: false,
      },
    },
    {
      name: 'body on 409 ALREADY_EXISTS',
      status: 409,
      body: { error: 'ALREADY_EXISTS', message: 'dup' },
      expected: {
        code: 'ALREADY_EXISTS',
        message: ERROR_CATALOGUE.ALREADY_EXISTS.message,
        status: 409,
        retryable: false,
      },
    },
    {
      name: 'MODEL_UNAVAILABLE (503) is final: another model is the way out, not a retry',
      status: 503,
      body: { error: 'MODEL_UNAVAILABLE', message: PRODUCT_ERRORS.MODEL_UNAVAILABLE.message },
      expected: {
        code: 'MODEL_UNAVAILABLE',
        message: PRODUCT_ERRORS.MODEL_UNAVAILABLE.message,
        status: 503,
        retryable: false,
      },
    },
    {
      name: 'MODEL_REQUIRES_PREMIUM (403) keeps its message and is not retried',
      status: 403,
      body: {
        error: 'MODEL_REQUIRES_PREMIUM',
        message: PRODUCT_ERRORS.MODEL_REQUIRES_PREMIUM.message,
      },
      expected: {
        code: 'MODEL_REQUIRES_PREMIUM',
        message: PRODUCT_ERRORS.MODEL_REQUIRES_PREMIUM.message,
        status: 403,
        retryable: false,
      },
    },
    {
      name: 'bare 402',
      status: 402,
      body: null,
      expected: {
        code: 'INSUFFICIENT_CREDITS',
        message: ERROR_CATALOGUE.INSUFFICIENT_CREDITS.message,
        status: 402,
        retryable: false,
      },
    },
    {
      name: 'bare 404',
      status: 404,
      body: null,
      expected: {
        code: 'NOT_FOUND',
        message: ERROR_CATALOGUE.NOT_FOUND.message,
        status: 404,
        retryable: false,
      },
    },
    {
      name: 'bare 422',
      status: 422,
      body: null,
      expected: {
        code: 'VALIDATION_ERROR',
        message: ERROR_CATALOGUE.VALIDATION_ERROR.message,
        status: 422,
        retryable: false,
      },
    },
    {
      name: 'bare 408 is a non-retryable INTERNAL_ERROR (only 5xx retry without a body)',
      status: 408,
      body: null,
      expected: {
        code: 'INTERNAL_ERROR',
        message: ERROR_CATALOGUE.INTERNAL_ERROR.message,
        status: 408,
        retryable: false,
      },
    },
    {
      name: 'bare 400 is a non-retryable INTERNAL_ERROR',
      status: 400,
      body: null,
      expected: {
        code: 'INTERNAL_ERROR',
        message: ERROR_CATALOGUE.INTERNAL_ERROR.message,
        status: 400,
        retryable: false,
      },
    },
  ];

  it.each(cases)('$name', async ({ status, body, expected }) => {
    const { client, deps } = setup();
    serve('get', '/fail', [
      () =>
        body === null ? new HttpResponse('oops', { status }) : HttpResponse.json(body, { status }),
    ]);
    const error = await captureError(client.request({ path: '/fail', schema: anything }));
    expect({
      code: error.code,
      message: error.message,
      status: error.status,
      retryable: error.retryable,
    }).toEqual(expected);
    expect(deps.logger.error).toHaveBeenCalledWith(
      '[api] Request failed',
      expect.objectContaining({
        context: 'GET /fail',
        code: expected.code,
        status: expected.status,
        time: expect.any(String),
      }),
    );
  });

  it.each([
    {
      status: 429,
      body: null,
      code: 'INTERNAL_ERROR',
      message: 'Too many requests. Please try again later.',
    },
    {
      status: 429,
      body: { error: 'RATE_LIMIT_EXCEEDED', message: 'x' },
      code: 'RATE_LIMIT_EXCEEDED',
      message: ERROR_CATALOGUE.RATE_LIMIT_EXCEEDED.message,
    },
    {
      status: 408,
      body: { error: 'REQUEST_TIMEOUT', message: 'Took too long' },
      code: 'REQUEST_TIMEOUT',
      message: 'Took too long',
    },
    {
      status: 503,
      body: null,
      code: 'INTERNAL_ERROR',
      message: ERROR_CATALOGUE.INTERNAL_ERROR.message,
    },
    {
      status: 500,
      body: { error: 'INTERNAL_ERROR', message: 'secret' },
      code: 'INTERNAL_ERROR',
      message: ERROR_CATALOGUE.INTERNAL_ERROR.message,
    },
  ])('$status $code is retryable (retry off, so sent once)', async (item) => {
    const { client } = setup();
    const requests = serve('get', '/retryable', [
      () =>
        item.body === null
          ? new HttpResponse(null, { status: item.status })
          : HttpResponse.json(item.body, { status: item.status }),
    ]);
    const error = await captureError(
      client.request({ path: '/retryable', retry: false, schema: anything }),
    );
    expect(error).toMatchObject({
      code: item.code,
      message: item.message,
      status: item.status,
      retryable: true,
    });
    expect(requests).toHaveLength(1);
  });

  it('no response at all is a retryable NETWORK_ERROR with status 0', async () => {
    const { client } = setup();
    serve('get', '/down', [() => HttpResponse.error()]);
    const error = await captureError(
      client.request({ path: '/down', retry: false, schema: anything }),
    );
    expect(error).toMatchObject({
      code: 'NETWORK_ERROR',
      message: ERROR_CATALOGUE.NETWORK_ERROR.message,
      status: 0,
      retryable: true,
    });
  });
});
