import { useState, type FormEvent } from 'react';
import { signInRequestSchema } from '@nocturne/contract/auth/sign-up';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { AuthRequestError } from '../api/auth-error';
import { useSignIn } from '../api/sign-in';
import { AuthCard, AuthCardFooterLink } from './auth-card';
import { EmailField, PasswordField } from './credential-fields';
import { fieldErrors } from './field-errors';
import { Notice } from './notice';
import { ResendVerification } from './resend-verification';
import { TwoFactorStep } from './two-factor-step';

type LoginField = 'email' | 'password';

export const EMAIL_CONFIRMED_NOTICE = 'Email confirmed. You can sign in now.';
/** Where account deletion ends: it says the deletion is done. */
export const ACCOUNT_DELETED_NOTICE =
  'Your account, its images and settings have been deleted. Thank you for using Nocturne.';

export function LoginForm({
  verified,
  deleted = false,
  onSuccess,
  onForgotPassword,
}: {
  verified: boolean;
  /** Arrived from account deletion (?deleted=1). */
  deleted?: boolean;
  onSuccess: () => void;
  /** Opens the reset step with what was typed in the email field. */
  onForgotPassword?: (email: string) => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<LoginField, string>>>({});
  // After a right password for an account with two-factor sign-in on: the code step.
  const [secondStep, setSecondStep] = useState(false);
  const [restartNotice, setRestartNotice] = useState<string>();
  const signIn = useSignIn();

  const failure = signIn.error instanceof AuthRequestError ? signIn.error : null;
  const unverified = failure?.code === 'EMAIL_NOT_VERIFIED';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = signInRequestSchema.safeParse({ email: email.trim(), password });
    if (!parsed.success) {
      // The last refusal is stale once a new complaint shows.
      signIn.reset();
      setErrors(fieldErrors<LoginField>(parsed.error));
      return;
    }
    setErrors({});
    setRestartNotice(undefined);
    signIn.mutate(parsed.data, {
      onSuccess: ({ twoFactorRequired }) => (twoFactorRequired ? setSecondStep(true) : onSuccess()),
    });
  }

  if (secondStep) {
    return (
      <TwoFactorStep
        onSuccess={onSuccess}
        onRestart={(reason) => {
          signIn.reset();
          setPassword('');
          setRestartNotice(reason);
          setSecondStep(false);
        }}
      />
    );
  }

  return (
    <AuthCard
      title="Welcome Back"
      subtitle="Sign in to continue creating."
      footer={
        <AuthCardFooterLink prompt="New to Nocturne?" to={paths.auth.signup.getHref()}>
          Create Account
        </AuthCardFooterLink>
      }
    >
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        {verified && !failure && <Notice tone="success">{EMAIL_CONFIRMED_NOTICE}</Notice>}
        {deleted && !failure && <Notice tone="success">{ACCOUNT_DELETED_NOTICE}</Notice>}
        {failure && <Notice tone="error">{failure.message}</Notice>}
        {restartNotice && !failure && <Notice tone="error">{restartNotice}</Notice>}
        <EmailField value={email} onChange={setEmail} error={errors.email} />
        <PasswordField
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
        />
        {onForgotPassword && (
          <button
            type="button"
            onClick={() => onForgotPassword(email.trim())}
            className="-mt-2 self-end rounded text-sm text-accent-300 hover:text-accent-200"
          >
            Forgot password?
          </button>
        )}
        <Button type="submit" size="lg" fullWidth loading={signIn.isPending} className="mt-2">
          Sign In
        </Button>
      </form>
      {unverified && (
        <div className="mt-4">
          <ResendVerification email={email.trim()} />
        </div>
      )}
    </AuthCard>
  );
}
