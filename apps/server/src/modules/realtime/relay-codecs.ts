import { parseChannel, type ChannelKind } from '@nocturne/contract/realtime/channels';

/**
 * NOTIFY payloads are capped at 8000 bytes by PostgreSQL. A relayed message larger than this is
 * compacted by its event's codec (or dropped with a warning when there is none).
 */
export const RELAY_PAYLOAD_LIMIT_BYTES = 7000;

/**
 * Per-event hook for payloads too large for NOTIFY: the publishing side replaces the bulky part
 * with a reference (`compact`), the API side puts it back before emitting (`hydrate`).
 */
export interface RelayCodec {
  channelKind: ChannelKind;
  event: string;
  /** Worker side: a smaller payload that `hydrate` can restore, or undefined when it cannot. */
  compact(payload: unknown): unknown;
  /** API side: the payload as the in-process publisher would have sent it. */
  hydrate(payload: unknown): Promise<unknown>;
}

export interface RelayCodecRegistry {
  register(codec: RelayCodec): void;
  find(channel: string, event: string): RelayCodec | undefined;
}

export function createRelayCodecRegistry(initial: readonly RelayCodec[] = []): RelayCodecRegistry {
  const codecs = new Map<string, RelayCodec>();
  const register = (codec: RelayCodec) => {
    codecs.set(`${codec.channelKind}:${codec.event}`, codec);
  };
  initial.forEach(register);
  return {
    register,
    find(channel, event) {
      const kind = parseChannel(channel)?.kind;
      return kind ? codecs.get(`${kind}:${event}`) : undefined;
    },
  };
}
