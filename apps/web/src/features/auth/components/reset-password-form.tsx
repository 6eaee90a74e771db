import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { signUpRequestSchema } from '@nocturne/contract/auth/sign-up';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { paths } from '../../../config/paths';
import { fieldProps } from '../../../lib/forms/field-props';
import { AuthRequestError } from '../api/auth-error';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from './auth-card';
import { PasswordField } from './credential-fields';
import { Notice } from './notice';

export const INVALID_RESET_LINK_MESSAGE =
  'This reset link is invalid or has expired. Ask for a new one from the sign-in page.';
export const PASSWORD_RESET_DONE_MESSAGE = 'Your password has been changed. You can sign in now.';

/** A new password meets the sign-up rules. */
const newPasswordSchema = z.object({ password: signUpRequestSchema.shape.password });

/** The card's end: what happened to the link, and the way back to sign in. */
function ResetOutcome({ tone, message }: { tone: 'error' | 'success'; message: string }) {
  return (
    <AuthCard title="Choose a new password">
      <div className="flex flex-col gap-4">
        <Notice tone={tone}>{message}</Notice>
        <LinkButton to={paths.auth.login.getHref()} size="lg" className="w-full">
          Go to sign in
        </LinkButton>
      </div>
    </AuthCard>
  );
}

/** The new password for the link's `token`. */
function NewPasswordForm({ token }: { token: string }) {
  const form = useForm({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '' },
  });
  const reset = useResetPassword();
  const submit = form.handleSubmit(({ password }) =>
    reset.mutate({ token, newPassword: password }),
  );

  if (reset.isSuccess) return <ResetOutcome tone="success" message={PASSWORD_RESET_DONE_MESSAGE} />;
  return (
    <AuthCard title="Choose a new password">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {reset.isError && (
          <Notice tone="error">
            {reset.error instanceof AuthRequestError && reset.error.status === 400
              ? INVALID_RESET_LINK_MESSAGE
              : reset.error.message}
          </Notice>
        )}
        <PasswordField autoComplete="new-password" field={fieldProps(form, 'password')} />
        <Button type="submit" size="lg" fullWidth loading={reset.isPending}>
          Set new password
        </Button>
      </form>
    </AuthCard>
  );
}

/** Where the mailed link lands: `token` from the link, or none when better-auth refused it. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  if (!token) return <ResetOutcome tone="error" message={INVALID_RESET_LINK_MESSAGE} />;
  return <NewPasswordForm token={token} />;
}
