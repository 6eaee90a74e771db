import { channels, type RealtimeMessage } from '@nocturne/contract/realtime/channels';
import type { Socket } from 'socket.io-client';
import type { createRealtimeClients } from '../test/realtime-client';

export interface JobTiming {
  /** The number in the prompt ("bench job <tag> …"), which the fake images API sees too. */
  tag: number;
  submittedAt: number;
  /** When POST /generate answered. */
  acceptedAt: number;
  /** When the client knew the result: the `result` event, or the row read once joined. */
  resultAt: number;
  /** False when the result was done before the join and the row read found it (as the web app does). */
  byEvent: boolean;
}

/** One person submitting and waiting for results (Nocturne's, or the bare pipeline's). */
export interface PipelineClient {
  /** Connects the socket a later run() uses (connecting is not part of the timing). */
  connect(): Promise<Socket>;
  run(tag: number, socket: Socket): Promise<JobTiming>;
}

/**
 * One person as the web app behaves: a socket connected before anything is submitted; per submit,
 * the POST, then a join of generation:{request_id}, then one read of the row once joined (a result
 * published before the join is not missed), done at whichever shows the result first; then it
 * leaves the channel. The server caps sockets per person and joins per socket, so a load of a
 * hundred jobs a second is many people submitting a few jobs each, as it would be for real.
 */
export function createPipelineClient(options: {
  apiUrl: string;
  token: string;
  clients: ReturnType<typeof createRealtimeClients>;
}): PipelineClient {
  const { apiUrl, token, clients } = options;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  async function readCompleted(requestId: string): Promise<boolean> {
    const response = await fetch(`${apiUrl}/api/v1/generations/${requestId}`, { headers });
    if (!response.ok) throw new Error(`GET generation: ${response.status}`);
    const row = (await response.json()) as { status: string };
    if (row.status === 'failed') throw new Error(`generation ${requestId} failed`);
    return row.status === 'completed';
  }

  return {
    connect: () => clients.connect(apiUrl, token),
    async run(tag: number, socket: Socket): Promise<JobTiming> {
      const submittedAt = performance.now();
      const response = await fetch(`${apiUrl}/api/v1/generate`, {
        method: 'POST',
        // As the web app does: every submit carries an Idempotency-Key.
        headers: { ...headers, 'idempotency-key': `bench-job-${tag}` },
        body: JSON.stringify({ source_prompt: '', content_prompt: `bench job ${tag} a lantern` }),
      });
      if (!response.ok) throw new Error(`generate: ${response.status} ${await response.text()}`);
      const { requestId } = (await response.json()) as { requestId: string };
      const acceptedAt = performance.now();
      const channel = channels.generation(requestId);
      let byEvent = true;
      let onMessage: (message: RealtimeMessage) => void = () => undefined;
      const result = new Promise<void>((resolve) => {
        onMessage = (message) => {
          if (message.channel === channel && message.event === 'result') resolve();
        };
        socket.on('message', onMessage);
      });
      const ack = await clients.join(socket, channel);
      if (ack.status !== 'SUBSCRIBED') throw new Error(`join ${channel}: ${JSON.stringify(ack)}`);
      const read = readCompleted(requestId).then((completed) => {
        if (!completed) return new Promise<never>(() => undefined);
        byEvent = false;
      });
      // A failed read after the event won changes nothing.
      read.catch(() => undefined);
      await Promise.race([result, read]);
      const timing = { tag, submittedAt, acceptedAt, resultAt: performance.now(), byEvent };
      socket.off('message', onMessage);
      await socket.timeout(2000).emitWithAck('leave', channel);
      return timing;
    },
  };
}
