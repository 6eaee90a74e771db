import { EventEmitter } from 'node:events';
import type { JoinAck } from '@nocturne/contract/realtime/channels';
import pino from 'pino';
import type { Socket } from 'socket.io';
import { describe, expect, it } from 'vitest';
import type { TokenUser } from '../auth/create-token-verifier';
import { createChannelAuthorizerRegistry } from './channel-authorizers';
import { handleChannelRequests } from './handle-channel-requests';
import {
  isRightsBound,
  recheckLocalSockets,
  recheckSocketRooms,
  RIGHTS_BOUND_KINDS,
  type RecheckedSocket,
} from './recheck-socket-rooms';

const logger = pino({ level: 'silent' });
const alice: TokenUser = {
  id: 'alice',
  email: 'alice@example.com',
  sessionId: 'session-1',
  expiresAt: new Date(Date.now() + 60_000),
};

/** A socket in rooms, recording what the re-check did to it, in order. */
function fakeSocket(rooms: string[]) {
  const steps: string[] = [];
  const socket = {
    id: 'socket-1',
    data: { user: alice, token: 'token', rechecks: 0 },
    rooms: new Set(rooms),
    leave(room: string) {
      socket.rooms.delete(room);
      steps.push(`leave ${room}`);
    },
    disconnect() {
      steps.push('disconnect');
    },
  };
  return { socket, steps };
}

/** Authorizers whose answers the test sets, recording each question. */
function authorizers(allowed: Record<string, boolean | 'throws'>, steps: string[]) {
  const registry = createChannelAuthorizerRegistry();
  for (const kind of ['admin', 'credits', 'service', 'generation'] as const) {
    registry.register(kind, (_user, id) => {
      const name = `${kind}:${id}`;
      steps.push(`check ${name}`);
      if (allowed[name] === 'throws') throw new Error('database away');
      return allowed[name] ?? true;
    });
  }
  return registry;
}

describe('recheckSocketRooms', () => {
  it('leaves the channels now refused, operators’ channels first, and keeps the rest', async () => {
    const { socket, steps } = fakeSocket([
      'socket-1',
      'user-sockets:alice',
      'credits:alice',
      'admin:overview',
      'service:status',
    ]);
    await recheckSocketRooms(socket, {
      authorizers: authorizers({ 'admin:overview': false }, steps),
      stillValid: async () => (steps.push('token'), true),
      logger,
    });
    expect(steps.slice(0, 3)).toEqual(['check admin:overview', 'leave admin:overview', 'token']);
    expect(steps.slice(3).sort()).toEqual(['check credits:alice', 'check service:status']);
    expect([...socket.rooms]).toEqual([
      'socket-1',
      'user-sockets:alice',
      'credits:alice',
      'service:status',
    ]);
    expect(socket.data.rechecks).toBe(1);
  });

  it('closes the socket when its token no longer holds, without asking about the rest', async () => {
    const { socket, steps } = fakeSocket(['admin:overview', 'credits:alice']);
    await recheckSocketRooms(socket, {
      authorizers: authorizers({}, steps),
      stillValid: async () => false,
      logger,
    });
    expect(steps).toEqual(['check admin:overview', 'disconnect']);
  });

  it('takes a failing authorizer for a refusal', async () => {
    const { socket, steps } = fakeSocket(['admin:models', 'credits:alice']);
    await recheckSocketRooms(socket, {
      authorizers: authorizers({ 'admin:models': 'throws' }, steps),
      stillValid: async () => true,
      logger,
    });
    expect([...socket.rooms]).toEqual(['credits:alice']);
  });

  it('checks only the given kinds (the periodic sweep)', async () => {
    const { socket, steps } = fakeSocket(['admin:overview', 'credits:alice', 'generation:r1']);
    await recheckSocketRooms(socket, {
      authorizers: authorizers({ 'credits:alice': false }, steps),
      stillValid: async () => true,
      logger,
      kinds: RIGHTS_BOUND_KINDS,
    });
    expect(steps).toEqual(['check admin:overview']);
    expect(socket.rooms.has('credits:alice')).toBe(true);
  });
});

describe('recheckLocalSockets', () => {
  it('checks each socket of the rooms once, however many of the rooms it is in', async () => {
    const one = fakeSocket(['admin:overview', 'admin:models']);
    const two = fakeSocket(['admin:models']);
    const steps: string[] = [];
    const sockets = new Map<string, RecheckedSocket>([
      ['one', one.socket],
      ['two', two.socket],
    ]);
    const rooms = new Map([
      ['admin:overview', new Set(['one'])],
      ['admin:models', new Set(['one', 'two', 'gone'])],
      ['credits:alice', new Set(['two'])],
    ]);
    await recheckLocalSockets({
      io: { of: () => ({ adapter: { rooms }, sockets }) },
      rooms: [...rooms.keys()].filter(isRightsBound),
      kinds: RIGHTS_BOUND_KINDS,
      authorizers: authorizers({}, steps),
      stillValid: async () => true,
      logger,
    });
    expect([one.socket.data.rechecks, two.socket.data.rechecks]).toEqual([1, 1]);
  });
});

describe('a join while the rights change', () => {
  it('is asked again when a re-check ran during its authorization, and refused', async () => {
    const socket = Object.assign(new EventEmitter(), {
      data: { user: alice, token: 'token', rechecks: 0 },
      rooms: new Set<string>(),
      join(room: string) {
        socket.rooms.add(room);
      },
      leave(room: string) {
        socket.rooms.delete(room);
      },
      disconnect: () => undefined,
    });
    let operator = true;
    let answered = () => undefined as void;
    const firstAnswerHeld = new Promise<void>((resolve) => (answered = resolve));
    const registry = createChannelAuthorizerRegistry();
    registry.register('admin', async () => {
      const answer = operator;
      // The first answer is given before the change commits and arrives after its re-check.
      if (socket.data.rechecks === 0) await firstAnswerHeld;
      return answer;
    });
    handleChannelRequests(socket as unknown as Socket, {
      authorizers: registry,
      logger,
      stillValid: async () => true,
      rechecks: () => socket.data.rechecks,
    });
    const ack = new Promise<JoinAck>((resolve) => socket.emit('join', 'admin:overview', resolve));
    await new Promise((resolve) => setImmediate(resolve));
    operator = false;
    await recheckSocketRooms(socket, {
      authorizers: registry,
      stillValid: async () => true,
      logger,
    });
    answered();
    expect(await ack).toMatchObject({ status: 'CHANNEL_ERROR' });
    expect(socket.rooms.has('admin:overview')).toBe(false);
  });
});
