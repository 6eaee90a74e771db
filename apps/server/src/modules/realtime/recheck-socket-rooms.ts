import {
  parseChannel,
  type ChannelKind,
  type ParsedChannel,
} from '@nocturne/contract/realtime/channels';
import type { Logger } from '../../lib/create-logger';
import type { TokenUser } from '../auth/create-token-verifier';
import type { ChannelAuthorizerRegistry } from './channel-authorizers';

/**
 * NOTIFY channel naming a person whose rights changed (payload: the id): operator or not,
 * two-factor sign-in, a suspension. Sent by triggers (migration 0034) whatever made the change;
 * every API process checks that person's sockets again (decision 075).
 */
export const RIGHTS_CHANGED_CHANNEL = 'rights_changed';

/**
 * The channel kinds a person can lose while the channel itself stays the same (an operator
 * removed, a suspension): the periodic sweep checks these again, the bound for a lost NOTIFY.
 * The others are owned (credits, subscription, a generation) or open to every signed-in person.
 */
export const RIGHTS_BOUND_KINDS: readonly ChannelKind[] = ['admin'];

/** The operators' channels are checked before anything else: they show other people's data. */
const FIRST_KINDS: readonly ChannelKind[] = ['admin'];

/** What a re-check needs of a socket (Socket.IO's Socket; a fake in unit tests). */
export interface RecheckedSocket {
  readonly data: { user: TokenUser; token: string; rechecks: number };
  readonly rooms: ReadonlySet<string>;
  leave(room: string): Promise<void> | void;
  disconnect(close: boolean): void;
}

export interface RecheckOptions {
  authorizers: ChannelAuthorizerRegistry;
  /** Whether the socket's token still holds (its session live, its account there). */
  stillValid: (socket: RecheckedSocket) => Promise<boolean>;
  logger: Logger;
  /** Only these kinds (the sweep); every channel the socket is in when absent. */
  kinds?: readonly ChannelKind[];
}

/** Whether `room` is a channel of RIGHTS_BOUND_KINDS. */
export function isRightsBound(room: string): boolean {
  const kind = parseChannel(room)?.kind;
  return kind !== undefined && RIGHTS_BOUND_KINDS.includes(kind);
}

/** The part of the Socket.IO server a re-check reads: this process's rooms and sockets. */
interface LocalRooms {
  of(namespace: '/'): {
    adapter: { rooms: ReadonlyMap<string, ReadonlySet<string>> };
    sockets: ReadonlyMap<string, unknown>;
  };
}

/** Re-checks each of this process's sockets in any of `rooms` once. */
export async function recheckLocalSockets(
  options: RecheckOptions & { io: LocalRooms; rooms: readonly string[] },
): Promise<void> {
  const namespace = options.io.of('/');
  const ids = new Set(
    options.rooms.flatMap((room) => [...(namespace.adapter.rooms.get(room) ?? [])]),
  );
  const sockets = [...ids].flatMap((id) => {
    const socket = namespace.sockets.get(id);
    return socket ? [socket as unknown as RecheckedSocket] : [];
  });
  await Promise.all(sockets.map((socket) => recheckSocketRooms(socket, options)));
}

/**
 * Runs the authorizers again for the channels the socket is in and leaves each one its person
 * may no longer join: the operators' channels first, then the token (an ended session closes the
 * socket), then the rest. An authorizer that fails counts as a refusal, since keeping a socket in
 * a room it may not be in is the worse error; the client can join again. `rechecks` counts the
 * runs, so a join that was being authorized meanwhile checks again (handle-channel-requests.ts).
 */
export async function recheckSocketRooms(
  socket: RecheckedSocket,
  options: RecheckOptions,
): Promise<void> {
  socket.data.rechecks += 1;
  const joined = [...socket.rooms].flatMap((name) => {
    const parsed = parseChannel(name);
    return parsed && (!options.kinds || options.kinds.includes(parsed.kind))
      ? [{ name, parsed }]
      : [];
  });
  const first = joined.filter((channel) => FIRST_KINDS.includes(channel.parsed.kind));
  const rest = joined.filter((channel) => !FIRST_KINDS.includes(channel.parsed.kind));
  await Promise.all(first.map((channel) => leaveUnlessAllowed(socket, channel, options)));
  if (!(await options.stillValid(socket))) {
    socket.disconnect(true);
    return;
  }
  await Promise.all(rest.map((channel) => leaveUnlessAllowed(socket, channel, options)));
}

async function leaveUnlessAllowed(
  socket: RecheckedSocket,
  channel: { name: string; parsed: ParsedChannel },
  options: RecheckOptions,
): Promise<void> {
  const { user } = socket.data;
  let reason: string;
  try {
    const decision = await options.authorizers.authorize(user, channel.parsed);
    if (decision.allowed) return;
    reason = decision.reason;
  } catch (error) {
    options.logger.error({ err: error, channel: channel.name }, 'channel re-check failed');
    reason = 'Authorization failed';
  }
  await socket.leave(channel.name);
  options.logger.info(
    { userId: user.id, channel: channel.name, reason },
    'a socket left a channel its person may no longer join',
  );
}
