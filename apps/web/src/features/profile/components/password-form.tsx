import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { signUpRequestSchema } from '@nocturne/contract/auth/sign-up';
import { PASSWORD_MAX_LENGTH } from '@nocturne/contract/constants';
import { limitHint } from '../../../components/forms/limit-hint';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { SectionCard } from '../../../components/ui/section-card';
import { fieldProps } from '../../../lib/forms/field-props';
import { accountErrorMessage } from '../api/auth-call';
import { useChangePassword } from '../api/change-password';
import { ProfileNotice } from './profile-notice';

export const PASSWORD_CHANGED_MESSAGE = 'Password changed.';

/** The change's body; the new password meets the sign-up rules, as every new password does. */
const passwordChangeSchema = z.object({
  currentPassword: z.string().min(1, 'Enter your current password'),
  newPassword: signUpRequestSchema.shape.password,
  revokeOtherSessions: z.boolean(),
});

/**
 * Changing the password needs the current one (better-auth checks it). It signs the person out on
 * their other devices unless they untick that: whoever knew the old password may be signed in.
 * The new password counts near its limit, and its error names the limit.
 */
export function PasswordForm() {
  const form = useForm({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { currentPassword: '', newPassword: '', revokeOtherSessions: true },
  });
  const newLength = useWatch({ control: form.control, name: 'newPassword' }).length;
  const change = useChangePassword();
  const submit = form.handleSubmit(
    (input) =>
      change.mutate(input, {
        onSuccess: () => form.reset({ ...input, currentPassword: '', newPassword: '' }),
      }),
    // A new complaint replaces the last refusal rather than sitting beside it.
    () => change.reset(),
  );

  return (
    <SectionCard id="profile-password" title="Password">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label="Current password"
            type="password"
            autoComplete="current-password"
            {...fieldProps(form, 'currentPassword')}
          />
          <Input
            label="New password"
            type="password"
            autoComplete="new-password"
            hint={limitHint(undefined, newLength, PASSWORD_MAX_LENGTH)}
            {...fieldProps(form, 'newPassword')}
          />
        </div>
        <Checkbox label="Sign out of other devices" {...fieldProps(form, 'revokeOtherSessions')} />
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
