import type { RealtimeMessage } from '@nocturne/contract/realtime/channels';
import { readPngChunks } from '@nocturne/imagegen/png/png-chunks';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { waitFor } from './generation-worker-harness';
import type { createRealtimeClients } from './realtime-client';
import type { SplitRoleProcesses } from './start-split-role-processes';
import { creditAccounts } from '../src/modules/credits/credits-tables';
import type { Database } from '../src/db/database';
import { generations } from '../src/modules/generations/generations-tables';

export const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/** The compressed pixel data: equal when the same pixels went through the same encoder. */
export const imageData = (png: Buffer) =>
  Buffer.concat(readPngChunks(png).flatMap((chunk) => (chunk.type === 'IDAT' ? [chunk.data] : [])));

/** Reads of the shared database, and alice's requests and clients, on the processes of `current()`. */
export function splitRolesHelpers(
  current: () => {
    database: Database;
    roles: SplitRoleProcesses | undefined;
    alice: { token: string; userId: string };
  },
  clients: ReturnType<typeof createRealtimeClients>,
) {
  async function balanceOf(userId: string) {
    const [account] = await current()
      .database.db.select({ balance: creditAccounts.balance })
      .from(creditAccounts)
      .where(eq(creditAccounts.userId, userId));
    return account?.balance ?? 0;
  }

  /** `locked_by` (`host:pid`) of the submit's image 0, once a worker holds it. */
  async function lockedBy(requestId: string) {
    return waitFor(async () => {
      const [row] = await current()
        .database.db.select({ lockedBy: generations.lockedBy })
        .from(generations)
        .where(eq(generations.requestId, requestId));
      return row?.lockedBy;
    });
  }

  /** One client on each API process, joined to `channel`. */
  async function listenOnBoth(channel: string) {
    const { roles, alice } = current();
    return Promise.all(
      (roles?.apiUrls ?? []).map(async (url) => {
        const socket = await clients.connect(url, alice.token);
        expect(await clients.join(socket, channel)).toMatchObject({
          status: 'SUBSCRIBED',
          channel,
        });
        const messages: RealtimeMessage[] = [];
        socket.on('message', (message: RealtimeMessage) => messages.push(message));
        return messages;
      }),
    );
  }

  function post(api: 0 | 1, path: string, body?: object) {
    const { roles, alice } = current();
    return fetch(`${roles?.apiUrls[api]}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
  }

  function generate(api: 0 | 1, prompt: string) {
    return post(api, '/api/v1/generate', { source_prompt: '', content_prompt: prompt });
  }

  return { balanceOf, lockedBy, listenOnBoth, post, generate };
}
