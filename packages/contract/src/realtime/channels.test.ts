import { describe, expect, it } from 'vitest';
import { channels, parseChannel } from './channels';

describe('channel names', () => {
  it('round-trips every channel kind', () => {
    expect(parseChannel(channels.credits('u_1'))).toEqual({ kind: 'credits', id: 'u_1' });
    expect(parseChannel(channels.subscription('abc'))).toEqual({ kind: 'subscription', id: 'abc' });
    expect(parseChannel(channels.generation('r-9'))).toEqual({ kind: 'generation', id: 'r-9' });
    expect(parseChannel(channels.admin('models'))).toEqual({ kind: 'admin', id: 'models' });
  });

  it('rejects unknown kinds and malformed names', () => {
    expect(parseChannel('root:1')).toBeUndefined();
    expect(parseChannel('operators:1')).toBeUndefined();
    expect(parseChannel('admin:overview')).toEqual({ kind: 'admin', id: 'overview' });
    expect(parseChannel('credits:')).toBeUndefined();
    expect(parseChannel('credits:a:b')).toBeUndefined();
    expect(parseChannel('credits:../x')).toBeUndefined();
  });
});
