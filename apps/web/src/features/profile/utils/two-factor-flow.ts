/** What the person asked for with their password in the two-factor section. */
export type PasswordAction = 'enable' | 'regenerate' | 'disable';

/**
 * The two-factor section's steps: the status with its buttons (`idle`), the password asked for an
 * action, the secret to scan and confirm with a first code, and recovery codes shown once.
 */
export type TwoFactorFlow =
  | { step: 'idle'; notice?: 'enabled' | 'disabled' }
  | { step: 'password'; action: PasswordAction }
  | { step: 'scan'; totpURI: string; backupCodes: string[] }
  | { step: 'codes'; backupCodes: string[]; after: 'enabled' | 'regenerated' };

export type TwoFactorEvent =
  | { type: 'start'; action: PasswordAction }
  | { type: 'cancel' }
  | { type: 'secret-created'; totpURI: string; backupCodes: string[] }
  | { type: 'confirmed' }
  | { type: 'codes-replaced'; backupCodes: string[] }
  | { type: 'disabled' }
  | { type: 'codes-saved' };

export const INITIAL_TWO_FACTOR_FLOW: TwoFactorFlow = { step: 'idle' };

/** Pure transitions; an event that does not belong to the current step changes nothing. */
export function twoFactorFlow(state: TwoFactorFlow, event: TwoFactorEvent): TwoFactorFlow {
  switch (state.step) {
    case 'idle':
      return event.type === 'start' ? { step: 'password', action: event.action } : state;
    case 'password':
      if (event.type === 'cancel') return { step: 'idle' };
      if (event.type === 'secret-created' && state.action === 'enable') {
        return { step: 'scan', totpURI: event.totpURI, backupCodes: event.backupCodes };
      }
      if (event.type === 'codes-replaced' && state.action === 'regenerate') {
        return { step: 'codes', backupCodes: event.backupCodes, after: 'regenerated' };
      }
      if (event.type === 'disabled' && state.action === 'disable') {
        return { step: 'idle', notice: 'disabled' };
      }
      return state;
    case 'scan':
      // Leaving before the code leaves two-factor sign-in off; turning it on again makes a new secret.
      if (event.type === 'cancel') return { step: 'idle' };
      if (event.type === 'confirmed') {
        return { step: 'codes', backupCodes: state.backupCodes, after: 'enabled' };
      }
      return state;
    case 'codes':
      return event.type === 'codes-saved'
        ? { step: 'idle', ...(state.after === 'enabled' ? { notice: 'enabled' as const } : {}) }
        : state;
  }
}
