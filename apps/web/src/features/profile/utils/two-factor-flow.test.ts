import { describe, expect, it } from 'vitest';
import {
  INITIAL_TWO_FACTOR_FLOW,
  twoFactorFlow,
  type TwoFactorEvent,
  type TwoFactorFlow,
} from './two-factor-flow';

const URI = 'otpauth://totp/Nocturne:owl%40example.com?secret=ABC';
const CODES = ['aaaaa-11111', 'bbbbb-22222'];
const NEW_CODES = ['ccccc-33333'];
const scan: TwoFactorFlow = { step: 'scan', totpURI: URI, backupCodes: CODES };

describe('twoFactorFlow', () => {
  it.each<[string, TwoFactorFlow, TwoFactorEvent, TwoFactorFlow]>([
    [
      'asks the password to turn on',
      INITIAL_TWO_FACTOR_FLOW,
      { type: 'start', action: 'enable' },
      { step: 'password', action: 'enable' },
    ],
    [
      'asks the password for new codes',
      { step: 'idle', notice: 'enabled' },
      { type: 'start', action: 'regenerate' },
      { step: 'password', action: 'regenerate' },
    ],
    [
      'cancels the password',
      { step: 'password', action: 'disable' },
      { type: 'cancel' },
      { step: 'idle' },
    ],
    [
      'shows the secret once enabled',
      { step: 'password', action: 'enable' },
      { type: 'secret-created', totpURI: URI, backupCodes: CODES },
      scan,
    ],
    [
      'shows the codes once confirmed',
      scan,
      { type: 'confirmed' },
      { step: 'codes', backupCodes: CODES, after: 'enabled' },
    ],
    ['leaves the secret unconfirmed', scan, { type: 'cancel' }, { step: 'idle' }],
    [
      'shows new codes',
      { step: 'password', action: 'regenerate' },
      { type: 'codes-replaced', backupCodes: NEW_CODES },
      { step: 'codes', backupCodes: NEW_CODES, after: 'regenerated' },
    ],
    [
      'says it is off',
      { step: 'password', action: 'disable' },
      { type: 'disabled' },
      { step: 'idle', notice: 'disabled' },
    ],
    [
      'says it is on after the codes are saved',
      { step: 'codes', backupCodes: CODES, after: 'enabled' },
      { type: 'codes-saved' },
      { step: 'idle', notice: 'enabled' },
    ],
    [
      'closes new codes quietly',
      { step: 'codes', backupCodes: NEW_CODES, after: 'regenerated' },
      { type: 'codes-saved' },
      { step: 'idle' },
    ],
  ])('%s', (_name, state, event, next) => {
    expect(twoFactorFlow(state, event)).toEqual(next);
  });

  it.each<[TwoFactorFlow, TwoFactorEvent]>([
    [INITIAL_TWO_FACTOR_FLOW, { type: 'confirmed' }],
    [
      { step: 'password', action: 'disable' },
      { type: 'secret-created', totpURI: URI, backupCodes: CODES },
    ],
    [{ step: 'password', action: 'enable' }, { type: 'disabled' }],
    [scan, { type: 'codes-saved' }],
    [{ step: 'codes', backupCodes: CODES, after: 'enabled' }, { type: 'cancel' }],
  ])('ignores an event that does not belong to %o', (state, event) => {
    expect(twoFactorFlow(state, event)).toBe(state);
  });
});
