import { useMutation } from '@tanstack/react-query';
import { paths } from '../../../config/paths';
import { authClient } from '../../../lib/auth-client';
import { authCall } from './auth-call';

/**
 * `POST /api/auth/change-email`: mails a confirmation link to the new address; the address
 * changes only when that link is opened, which lands back on /profile.
 */
export function changeEmail(newEmail: string): Promise<unknown> {
  return authCall(() =>
    authClient.changeEmail({ newEmail, callbackURL: paths.app.profile.getHref() }),
  );
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
