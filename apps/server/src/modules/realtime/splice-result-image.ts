import { REALTIME_MESSAGE_EVENT } from '@nocturne/contract/realtime/channels';

/** What Socket.IO's encoder is handed (socket.io-parser's Packet, the fields read here). */
interface Packet {
  type: number;
  data?: unknown;
  [field: string]: unknown;
}

interface PacketEncoder {
  encode(packet: Packet): unknown[];
}

/** Stands in for the image while the rest is encoded; a NUL never survives JSON unescaped. */
const PLACEHOLDER = '\u0000nocturne-result-image\u0000';
const ANCHOR = `"result_base64":${JSON.stringify(PLACEHOLDER)}`;

/** The base64 image of a `result` message, when `packet` is one. */
function resultImageOf(
  packet: Packet,
): { message: Record<string, unknown>; image: string } | undefined {
  if (!Array.isArray(packet.data) || packet.data[0] !== REALTIME_MESSAGE_EVENT) return undefined;
  const message = packet.data[1] as
    { event?: unknown; payload?: { result_base64?: unknown } } | undefined;
  const image = message?.payload?.result_base64;
  if (message?.event !== 'result' || typeof image !== 'string') return undefined;
  return { message: message as Record<string, unknown>, image };
}

/**
 * Socket.IO encodes every event with JSON.stringify, which scans each character of a string for
 * what must be escaped: about 1.5 ms for a `result` event's megabyte of base64 on the pipeline
 * bench's cores, on the API process's event loop, on the path of every result. Base64 has nothing
 * to escape, and every `result_base64` is our own `Buffer.toString('base64')` (the worker's or
 * restoreResult's), so the image is spliced into the encoded rest instead of scanned: the same
 * text on the wire, in half the time (splice-result-image.test.ts compares the two).
 *
 * Wraps `encoder.encode` of the Socket.IO server (io.encoder, which broadcasts and single
 * sockets share); every other packet is encoded as before.
 */
export function spliceResultImages(encoder: PacketEncoder): void {
  const encode = encoder.encode.bind(encoder);
  encoder.encode = (packet) => {
    const result = resultImageOf(packet);
    if (!result) return encode(packet);
    const { message, image } = result;
    const payload = message.payload as Record<string, unknown>;
    const stand = { ...message, payload: { ...payload, result_base64: PLACEHOLDER } };
    const [first, ...rest] = encode({ ...packet, data: [REALTIME_MESSAGE_EVENT, stand] });
    const at = typeof first === 'string' ? first.indexOf(ANCHOR) : -1;
    if (typeof first !== 'string' || at < 0) return encode(packet);
    const imageAt = at + '"result_base64":"'.length;
    const after = at + ANCHOR.length - 1;
    return [first.slice(0, imageAt) + image + first.slice(after), ...rest];
  };
}
