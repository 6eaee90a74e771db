import { zodResolver } from '@hookform/resolvers/zod';
import type { Dispatch } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { twoFactorPasswordSchema } from '@nocturne/contract/auth/two-factor';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { fieldProps } from '../../../lib/forms/field-props';
import { accountErrorMessage } from '../api/auth-call';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useEnableTwoFactor } from '../api/enable-two-factor';
import { useGenerateRecoveryCodes } from '../api/generate-recovery-codes';
import type { PasswordAction, TwoFactorEvent } from '../utils/two-factor-flow';
import { ProfileNotice } from './profile-notice';

const COPY = {
  enable: {
    intro:
      'Enter your password to set up two-factor sign-in. Once it is on, your other devices are signed out.',
    submit: 'Continue',
  },
  regenerate: {
    intro: 'Enter your password to make ten new recovery codes. The old ones stop working.',
    submit: 'Make new codes',
  },
  disable: {
    intro: 'Enter your password to turn two-factor sign-in off.',
    submit: 'Turn off',
  },
} as const;

const passwordSchema = z.object({ password: twoFactorPasswordSchema });

/** The password every two-factor change needs (better-auth checks it), then the change itself. */
export function TwoFactorPasswordForm({
  action,
  dispatch,
}: {
  action: PasswordAction;
  dispatch: Dispatch<TwoFactorEvent>;
}) {
  const form = useForm({ resolver: zodResolver(passwordSchema), defaultValues: { password: '' } });
  const enable = useEnableTwoFactor();
  const regenerate = useGenerateRecoveryCodes();
  const disable = useDisableTwoFactor();
  const mutation = { enable, regenerate, disable }[action];

  // A refused password leaves the busy button; the password is what the person types again.
  const retype = { onError: () => form.setFocus('password', { shouldSelect: true }) };
  const submit = form.handleSubmit(
    (input) => {
      if (action === 'enable') {
        enable.mutate(input, {
          onSuccess: ({ totpURI, backupCodes }) =>
            dispatch({ type: 'secret-created', totpURI, backupCodes }),
          ...retype,
        });
      } else if (action === 'regenerate') {
        regenerate.mutate(input, {
          onSuccess: (backupCodes) => dispatch({ type: 'codes-replaced', backupCodes }),
          ...retype,
        });
      } else {
        disable.mutate(input, { onSuccess: () => dispatch({ type: 'disabled' }), ...retype });
      }
    },
    () => mutation.reset(),
  );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-sm text-zinc-300">{COPY[action].intro}</p>
      <Input
        label="Password"
        type="password"
        autoComplete="current-password"
        autoFocus
        {...fieldProps(form, 'password')}
        containerClassName="sm:max-w-sm"
      />
      {mutation.isError && (
        <ProfileNotice tone="error">{accountErrorMessage(mutation.error)}</ProfileNotice>
      )}
      <div className="flex flex-wrap gap-3">
        <Button
          type="submit"
          variant={action === 'disable' ? 'danger' : 'primary'}
          loading={mutation.isPending}
        >
          {COPY[action].submit}
        </Button>
        <Button variant="ghost" onClick={() => dispatch({ type: 'cancel' })}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
