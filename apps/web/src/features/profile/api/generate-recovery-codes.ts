import { useMutation } from '@tanstack/react-query';
import { generateBackupCodesResponseSchema } from '@nocturne/contract/auth/two-factor';
import { twoFactorCall } from './two-factor-call';

/** `POST /api/auth/two-factor/generate-backup-codes` with the password: ten new codes, old ones void. */
export async function generateRecoveryCodes(input: { password: string }): Promise<string[]> {
  const { backupCodes } = await twoFactorCall(
    'generate-backup-codes',
    input,
    generateBackupCodesResponseSchema,
  );
  return backupCodes;
}

export function useGenerateRecoveryCodes() {
  return useMutation({ mutationFn: generateRecoveryCodes });
}
