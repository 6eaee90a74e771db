import { useState, type FormEvent } from 'react';
import { signUpRequestSchema } from '@nocturne/contract/auth/sign-up';
import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { paths } from '../../../config/paths';
import { AuthRequestError } from '../api/auth-error';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from './auth-card';
import { PasswordField } from './credential-fields';
import { Notice } from './notice';

export const INVALID_RESET_LINK_MESSAGE =
  'This reset link is invalid or has expired. Ask for a new one from the sign-in page.';
export const PASSWORD_RESET_DONE_MESSAGE = 'Your password has been changed. You can sign in now.';

/** Where the mailed link lands: `token` from the link, or none when better-auth refused it. */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const reset = useResetPassword();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token) return;
    const parsed = signUpRequestSchema.shape.password.safeParse(password);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    reset.mutate({ token, newPassword: parsed.data });
  }

  const signInLink = (
    <LinkButton to={paths.auth.login.getHref()} size="lg" className="w-full">
      Go to sign in
    </LinkButton>
  );

  if (!token) {
    return (
      <AuthCard title="Choose a new password">
        <div className="flex flex-col gap-4">
          <Notice tone="error">{INVALID_RESET_LINK_MESSAGE}</Notice>
          {signInLink}
        </div>
      </AuthCard>
    );
  }
  if (reset.isSuccess) {
    return (
      <AuthCard title="Choose a new password">
        <div className="flex flex-col gap-4">
          <Notice tone="success">{PASSWORD_RESET_DONE_MESSAGE}</Notice>
          {signInLink}
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password">
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        {reset.isError && (
          <Notice tone="error">
            {reset.error instanceof AuthRequestError && reset.error.status === 400
              ? INVALID_RESET_LINK_MESSAGE
              : reset.error.message}
          </Notice>
        )}
        <PasswordField
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          error={error}
        />
        <Button type="submit" size="lg" fullWidth loading={reset.isPending}>
          Set new password
        </Button>
      </form>
    </AuthCard>
  );
}
