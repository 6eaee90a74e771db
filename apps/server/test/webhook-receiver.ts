import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got: its headers and raw body. */
export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers its `n`-th request (0 first): a status and headers. */
export type ReceiverAnswer = (n: number) => { status: number; headers?: Record<string, string> };

export interface WebhookReceiver {
  /** http://127.0.0.1:<port>/hook */
  url: string;
  received: ReceivedWebhook[];
  close(): Promise<void>;
}

/** A local receiver on a free port that records every request and answers as told (200 else). */
export async function startWebhookReceiver(
  answer: ReceiverAnswer = () => ({ status: 200 }),
): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const { status, headers } = answer(received.length);
      received.push({ headers: request.headers, body });
      response.writeHead(status, headers).end(status >= 300 ? `answered ${status}` : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
