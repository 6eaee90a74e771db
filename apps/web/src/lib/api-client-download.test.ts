import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_CATALOGUE } from '@nocturne/contract/errors/error-codes';
import { server } from '../../test/support/msw-server';
import { ApiError, createApiClient } from './api-client';

const BASE = 'http://localhost:3000/api/v1';
const ZIP_BYTES = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);

function setup() {
  const tokens = ['token-1', 'token-2'];
  const deps = {
    baseUrl: () => BASE,
    getToken: vi.fn(async (options?: { forceRefresh?: boolean }) =>
      options?.forceRefresh ? tokens[1]! : tokens[0]!,
    ),
    onAuthFailure: vi.fn(async () => {}),
    random: () => 0,
    logger: { error: vi.fn(), warn: vi.fn() },
  };
  return { deps, client: createApiClient(deps) };
}

const zipAnswer = () =>
  new HttpResponse(ZIP_BYTES, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': 'attachment; filename="nocturne-export-2026-11-22.zip"',
    },
  });

describe('api client: download', () => {
  it('fetches the file with the bearer token and names it after Content-Disposition', async () => {
    const authorizations: (string | null)[] = [];
    server.use(
      http.get(`${BASE}/user/export`, ({ request }) => {
        authorizations.push(request.headers.get('authorization'));
        return zipAnswer();
      }),
    );
    const { client } = setup();
    const file = await client.download({ path: '/user/export' });
    expect(file.fileName).toBe('nocturne-export-2026-11-22.zip');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(ZIP_BYTES);
    expect(authorizations).toEqual(['Bearer token-1']);
  });

  it('refreshes the token once on 401, like every other call', async () => {
    const authorizations: (string | null)[] = [];
    server.use(
      http.get(`${BASE}/user/export`, ({ request }) => {
        const authorization = request.headers.get('authorization');
        authorizations.push(authorization);
        return authorization === 'Bearer token-2'
          ? zipAnswer()
          : HttpResponse.json({ error: 'UNAUTHORIZED', message: 'x' }, { status: 401 });
      }),
    );
    const { client } = setup();
    await expect(client.download({ path: '/user/export' })).resolves.toMatchObject({
      fileName: 'nocturne-export-2026-11-22.zip',
    });
    expect(authorizations).toEqual(['Bearer token-1', 'Bearer token-2']);
  });

  it('maps an error answer to the catalogue ApiError', async () => {
    server.use(
      http.get(`${BASE}/user/export`, () =>
        HttpResponse.json({ error: 'NOT_FOUND', message: 'gone' }, { status: 404 }),
      ),
    );
    const { client } = setup();
    const error = await client.download({ path: '/user/export' }).catch((caught) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    expect((error as ApiError).message).toBe(ERROR_CATALOGUE.NOT_FOUND.message);
  });
});
