import { useState, type FormEvent } from 'react';
import { signUpRequestSchema } from '@nocturne/contract/auth/sign-up';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { accountErrorMessage } from '../api/auth-call';
import { useChangePassword } from '../api/change-password';
import { SectionCard } from '../../../components/ui/section-card';
import { ProfileNotice } from './profile-notice';

export const PASSWORD_CHANGED_MESSAGE = 'Password changed.';

/** The sign-up rules for a password, so every new password meets the same ones. */
function newPasswordError(value: string): string | null {
  const parsed = signUpRequestSchema.shape.password.safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/**
 * Changing the password needs the current one (better-auth checks it). It signs the person out on
 * their other devices unless they untick that: whoever knew the old password may be signed in.
 */
export function PasswordForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [signOutOthers, setSignOutOthers] = useState(true);
  const [errors, setErrors] = useState<{ current?: string; next?: string }>({});
  const change = useChangePassword();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = {
      current: currentPassword ? undefined : 'Enter your current password',
      next: newPasswordError(newPassword) ?? undefined,
    };
    setErrors(next);
    // A new complaint replaces the last refusal rather than sitting beside it.
    change.reset();
    if (next.current || next.next) return;
    change.mutate(
      { currentPassword, newPassword, revokeOtherSessions: signOutOthers },
      {
        onSuccess: () => {
          setCurrentPassword('');
          setNewPassword('');
        },
      },
    );
  }

  return (
    <SectionCard id="profile-password" title="Password">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
            error={errors.current}
          />
          <Input
            label="New password"
            type="password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
            error={errors.next}
          />
        </div>
        <Checkbox
          label="Sign out of other devices"
          checked={signOutOthers}
          onChange={(event) => setSignOutOthers(event.target.checked)}
        />
        {change.isError && (
          <ProfileNotice tone="error">{accountErrorMessage(change.error)}</ProfileNotice>
        )}
        {change.isSuccess && (
          <ProfileNotice tone="success">{PASSWORD_CHANGED_MESSAGE}</ProfileNotice>
        )}
        <div>
          <Button type="submit" variant="secondary" loading={change.isPending}>
            Change password
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
