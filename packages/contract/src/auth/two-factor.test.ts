import { describe, expect, it } from 'vitest';
import {
  recoveryCodeSchema,
  totpCodeSchema,
  TWO_FACTOR_MESSAGES,
  twoFactorErrorMessage,
} from './two-factor';

describe('two-factor codes and refusals', () => {
  it.each(['123456', ' 012345 '])('takes %j as an app code', (code) => {
    expect(totpCodeSchema.safeParse(code).success).toBe(true);
  });

  it.each(['12345', '1234567', '12 345', 'abcdef', ''])('refuses %j as an app code', (code) => {
    expect(totpCodeSchema.safeParse(code).success).toBe(false);
  });

  it('keeps a recovery code as typed, without the spaces around it', () => {
    expect(recoveryCodeSchema.parse('  aB3dE-fG5hJ ')).toBe('aB3dE-fG5hJ');
    expect(recoveryCodeSchema.safeParse('   ').success).toBe(false);
  });

  it.each([
    [{ code: 'INVALID_CODE', status: 401 }, TWO_FACTOR_MESSAGES.INVALID_CODE],
    [{ code: 'INVALID_BACKUP_CODE', status: 401 }, TWO_FACTOR_MESSAGES.INVALID_BACKUP_CODE],
    [{ code: 'INVALID_PASSWORD', status: 400 }, TWO_FACTOR_MESSAGES.INVALID_PASSWORD],
    [
      { code: 'ACCOUNT_TEMPORARILY_LOCKED', status: 429 },
      TWO_FACTOR_MESSAGES.ACCOUNT_TEMPORARILY_LOCKED,
    ],
    [{ status: 429 }, TWO_FACTOR_MESSAGES.TOO_MANY_TRIES],
    [{ code: 'SOMETHING_ELSE', status: 500 }, undefined],
  ])('words %o for the person', (error, message) => {
    expect(twoFactorErrorMessage(error)).toBe(message);
  });
});
