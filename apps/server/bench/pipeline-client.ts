import { channels, type RealtimeMessage } from '@nocturne/contract/realtime/channels';
import type { Socket } from 'socket.io-client';
import type { createRealtimeClients } from '../test/realtime-client';

export interface JobTiming {
  /** The number in the prompt ("bench job <tag> …"), which the fake images API sees too. */
  tag: number;
  submittedAt: number;
  /** When POST /generate answered. */
  acceptedAt: number;
  /** When the client knew the result: the `result` event, or the row its join carried. */
  resultAt: number;
  /** False when the result was done before the join and the join's row had it (as in the app). */
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
 * the POST, then a join of generation:{request_id}, whose ack carries the row as of the join (a
 * result published before the join is not missed), done at whichever shows the result first;
 * then it leaves the channel. The server caps sockets per person and joins per socket, so a load
 * of a hundred jobs a second is many people submitting a few jobs each, as it would be for real.
 */
export function createPipelineClient(options: {
  apiUrl: string;
  token: string;
  clients: ReturnType<typeof createRealtimeClients>;
}): PipelineClient {
  const { apiUrl, token, clients } = options;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  async function readRow(requestId: string): Promise<unknown> {
    const response = await fetch(`${apiUrl}/api/v1/generations/${requestId}`, { headers });
    if (!response.ok) throw new Error(`GET generation: ${response.status}`);
    return response.json();
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
      let eventAt: number | undefined;
      let onMessage: (message: RealtimeMessage) => void = () => undefined;
      const result = new Promise<void>((resolve) => {
        onMessage = (message) => {
          if (message.channel !== channel || message.event !== 'result') return;
          eventAt ??= performance.now();
          resolve();
        };
        socket.on('message', onMessage);
      });
      const ack = await clients.join(socket, channel);
      if (ack.status !== 'SUBSCRIBED') throw new Error(`join ${channel}: ${JSON.stringify(ack)}`);
      // A build from before decision 037 (pipeline-ab.ts compares against one) sends no
      // snapshot: the row is read then, as the web app did.
      const row = (ack.snapshot ?? (await readRow(requestId))) as { status: string };
      if (row.status === 'failed') throw new Error(`generation ${requestId} failed`);
      // The event can arrive before the ack (it is sent once the socket has joined).
      const byEvent = eventAt !== undefined || row.status !== 'completed';
      if (byEvent) await result;
      const resultAt = eventAt ?? performance.now();
      const timing = { tag, submittedAt, acceptedAt, resultAt, byEvent };
      socket.off('message', onMessage);
      // Not timed; on a busy shared machine its ack can take seconds, which must not end the run.
      await socket.timeout(10_000).emitWithAck('leave', channel);
      return timing;
    },
  };
}
