/** Shared set-up for the api-client tests: a fake-deps client, an MSW responder, an error catcher. */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { expect, vi } from 'vitest';
import { z } from 'zod';
import { server } from '../support/msw-server';
import { ApiError, createApiClient, type ApiClientDeps } from '../../src/lib/api-client';

export const BASE = 'http://localhost:3000/api/v1';
/** For tests about transport, not answers. */
export const anything = z.unknown();

export function setup(overrides: Partial<ApiClientDeps> = {}) {
  let clock = 1_000_000;
  const deps = {
    baseUrl: () => BASE,
    getToken: vi.fn(async () => 'token-1' as string | null),
    onAuthFailure: vi.fn(async () => {}),
    now: () => clock,
    random: () => 0.5,
    logger: { error: vi.fn(), warn: vi.fn() },
    ...overrides,
  };
  return {
    deps,
    client: createApiClient(deps),
    advanceClock: (ms: number) => {
      clock += ms;
    },
  };
}

/** Serves `responses` in order (the last one repeats) and records each request. */
export function serve(
  method: 'get' | 'post',
  path: string,
  responses: Array<() => Response | Promise<Response>>,
) {
  const requests: Request[] = [];
  server.use(
    http[method](`${BASE}${path}`, ({ request }) => {
      requests.push(request.clone());
      const next = responses[Math.min(requests.length - 1, responses.length - 1)];
      return (next as () => Response)();
    }),
  );
  return requests;
}

export const json =
  (body: JsonBodyType, status = 200) =>
  () =>
    HttpResponse.json(body, { status });

export async function captureError(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('Expected the request to fail');
}
