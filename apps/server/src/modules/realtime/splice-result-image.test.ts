import { REALTIME_MESSAGE_EVENT } from '@nocturne/contract/realtime/channels';
import { Server } from 'socket.io';
import { describe, expect, it } from 'vitest';
import { spliceResultImages } from './splice-result-image';

type Encoder = { encode(packet: object): unknown[] };
const encoderOf = (io: Server) => io.encoder as unknown as Encoder;

describe('spliceResultImages', () => {
  const plain = encoderOf(new Server());
  const spliced = encoderOf(new Server());
  spliceResultImages(spliced);
  const image = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 131) % 256)).toString(
    'base64',
  );
  const payload = {
    request_id: 'r1',
    generation_id: 'g1',
    image_index: 0,
    status: 'completed',
    seed: 7,
    result_base64: image,
    result_image_url: '/images/a/b.png?expires=1&signature=x"y',
    error: null,
  };

  it.each([
    [
      'a result with its image',
      {
        type: 2,
        nsp: '/',
        data: [REALTIME_MESSAGE_EVENT, { channel: 'generation:r1', event: 'result', payload }],
      },
    ],
    [
      'the same with an ack id and a namespace',
      {
        type: 2,
        nsp: '/admin',
        id: 4,
        data: [REALTIME_MESSAGE_EVENT, { channel: 'c', event: 'result', payload }],
      },
    ],
    [
      'a result without an image',
      {
        type: 2,
        nsp: '/',
        data: [
          REALTIME_MESSAGE_EVENT,
          { channel: 'c', event: 'result', payload: { ...payload, result_base64: null } },
        ],
      },
    ],
    [
      'an update',
      {
        type: 2,
        nsp: '/',
        data: [
          REALTIME_MESSAGE_EVENT,
          { channel: 'c', event: 'update', payload: { status: 'processing' } },
        ],
      },
    ],
    ['a connect packet', { type: 0, nsp: '/', data: { sid: 'abc' } }],
  ])('%s: the same text as Socket.IO encodes', (_name, packet) => {
    const ours = spliced.encode(packet);
    expect(ours).toEqual(plain.encode(packet));
    expect(JSON.stringify(ours).includes('nocturne-result-image')).toBe(false);
  });

  it('hands Socket.IO the result without its image, and nothing else changed', () => {
    const seen: object[] = [];
    const recording: Encoder = {
      encode: (packet) => {
        seen.push(packet);
        return plain.encode(packet);
      },
    };
    spliceResultImages(recording);
    const packet = {
      type: 2,
      nsp: '/',
      data: [REALTIME_MESSAGE_EVENT, { channel: 'c', event: 'result', payload }],
    };
    expect(recording.encode(packet)).toEqual(plain.encode(packet));
    expect(seen).toHaveLength(1);
    expect(JSON.stringify(seen[0])).not.toContain(image);
  });

  it('leaves the message it encodes as it was', () => {
    const message = { channel: 'c', event: 'result', payload };
    spliced.encode({ type: 2, nsp: '/', data: [REALTIME_MESSAGE_EVENT, message] });
    expect(message.payload.result_base64).toBe(image);
  });
});
