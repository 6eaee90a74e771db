import { connect, type Socket } from 'node:net';

/** A plain TCP connection to a listening test server, with everything it received. */
export interface RawConnection {
  socket: Socket;
  /** The bytes received so far, as text. */
  received(): string;
  /** Resolves with all bytes received once the server has closed the connection. */
  closed: Promise<string>;
}

/** Opens a TCP connection to 127.0.0.1:`port` and resolves once it is connected. */
export function openRawConnection(port: number): Promise<RawConnection> {
  const socket = connect(port, '127.0.0.1');
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (text += chunk));
  // A reset is one way the server closes; the test reads what arrived either way.
  socket.on('error', () => undefined);
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(text)));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve({ socket, received: () => text, closed }));
    socket.once('error', reject);
  });
}

/** The head of a request for `path` announcing a body of `length` bytes. */
export function requestHead(
  method: string,
  path: string,
  length: number,
  headers: Record<string, string> = {},
): string {
  const lines = [
    `${method} ${path} HTTP/1.1`,
    'Host: localhost',
    'Content-Type: application/json',
    `Content-Length: ${length}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** Writes `text` one piece at a time, `pauseMs` apart, until done or the socket closes. */
export async function writeSlowly(socket: Socket, pieces: string[], pauseMs: number) {
  for (const piece of pieces) {
    if (socket.destroyed || !socket.writable) return;
    socket.write(piece);
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}

/** Resolves once `text` holds a whole HTTP response (head and Content-Length body). */
export async function untilResponse(connection: RawConnection): Promise<string> {
  for (;;) {
    const text = connection.received();
    const headEnd = text.indexOf('\r\n\r\n');
    const length = /content-length: (\d+)/i.exec(text)?.[1];
    if (headEnd !== -1 && length !== undefined && text.length >= headEnd + 4 + Number(length))
      return text;
    if (connection.socket.destroyed) return text;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
