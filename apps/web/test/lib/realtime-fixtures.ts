import { afterEach, beforeEach, vi } from 'vitest';
import { generation } from '@nocturne/contract/test/generation-row';
import { FakeSocket } from '../support/fake-realtime';
import { createRealtimeClient } from '../../src/lib/realtime';

/** A generation row as the server's join ack carries it for generation:r1. */
export const ROW = generation(1, {
  id: 'g1',
  request_id: 'r1',
  status: 'queued',
  content_prompt: 'an owl',
  result_image_url: null,
  seed: 7,
});

/**
 * Call inside a describe: each test gets fake timers, a cleared token source and an empty list of
 * the fake sockets its clients opened.
 */
export function setupRealtimeClientTests() {
  const sockets: FakeSocket[] = [];
  const getToken = vi.fn(async (options?: { forceRefresh?: boolean }) =>
    options?.forceRefresh ? 'fresh-token' : 'token-1',
  );

  function createClient() {
    return createRealtimeClient({
      socketFactory: (options) => {
        const socket = new FakeSocket(options);
        sockets.push(socket);
        return socket;
      },
      getToken,
      ackTimeoutMs: 5_000,
      reconnectDelayMs: 1_000,
    });
  }

  beforeEach(() => {
    sockets.length = 0;
    getToken.mockClear();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  return { sockets, createClient };
}
