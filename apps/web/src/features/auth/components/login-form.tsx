import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { signInRequestSchema } from '@nocturne/contract/auth/sign-up';
import { Button } from '../../../components/ui/button';
import { FormErrorSummary } from '../../../components/ui/form-error-summary';
import { paths } from '../../../config/paths';
import { fieldProps } from '../../../lib/forms/field-props';
import { trimmed } from '../../../lib/forms/text-fields';
import { AuthRequestError } from '../api/auth-error';
import { useSignIn } from '../api/sign-in';
import { AuthCard, AuthCardFooterLink } from './auth-card';
import { EmailField, PasswordField } from './credential-fields';
import { Notice } from './notice';
import { ResendVerification } from './resend-verification';
import { TwoFactorStep } from './two-factor-step';

export const EMAIL_CONFIRMED_NOTICE = 'Email confirmed. You can sign in now.';
/** Where account deletion ends: it says the deletion is done. */
export const ACCOUNT_DELETED_NOTICE =
  'Your account, its images and settings have been deleted. Thank you for using Nocturne.';

const loginSchema = signInRequestSchema.extend({
  email: trimmed(signInRequestSchema.shape.email),
});

/** The banners above the fields: how the person arrived, or why the last try failed. */
function LoginNotices({
  verified,
  deleted,
  failure,
  restartNotice,
}: {
  verified: boolean;
  deleted: boolean;
  failure: AuthRequestError | null;
  restartNotice: string | undefined;
}) {
  if (failure) return <Notice tone="error">{failure.message}</Notice>;
  return (
    <>
      {verified && <Notice tone="success">{EMAIL_CONFIRMED_NOTICE}</Notice>}
      {deleted && <Notice tone="success">{ACCOUNT_DELETED_NOTICE}</Notice>}
      {restartNotice && <Notice tone="error">{restartNotice}</Notice>}
    </>
  );
}

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
  const form = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  // After a right password for an account with two-factor sign-in on: the code step.
  const [secondStep, setSecondStep] = useState(false);
  const [restartNotice, setRestartNotice] = useState<string>();
  const signIn = useSignIn();

  const failure = signIn.error instanceof AuthRequestError ? signIn.error : null;
  const unverified = failure?.code === 'EMAIL_NOT_VERIFIED';

  const submit = form.handleSubmit(
    (input) => {
      setRestartNotice(undefined);
      signIn.mutate(input, {
        onSuccess: ({ twoFactorRequired }) =>
          twoFactorRequired ? setSecondStep(true) : onSuccess(),
        // The busy button lost focus; the password is what a refused person types again.
        onError: () => form.setFocus('password', { shouldSelect: true }),
      });
    },
    // The last refusal is stale once a new complaint shows.
    () => signIn.reset(),
  );

  if (secondStep) {
    return (
      <TwoFactorStep
        onSuccess={onSuccess}
        onRestart={(reason) => {
          signIn.reset();
          form.resetField('password');
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
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <LoginNotices
          verified={verified}
          deleted={deleted}
          failure={failure}
          restartNotice={restartNotice}
        />
        <FormErrorSummary
          errors={form.formState.errors}
          labels={{ email: 'Email', password: 'Password' }}
          submitCount={form.formState.submitCount}
        />
        <EmailField field={fieldProps(form, 'email')} />
        <PasswordField autoComplete="current-password" field={fieldProps(form, 'password')} />
        {onForgotPassword && (
          <button
            type="button"
            onClick={() => onForgotPassword(form.getValues('email').trim())}
            className="-mt-2 self-end rounded text-sm text-accent-300 hover:text-accent-200"
          >
            Forgot password?
          </button>
        )}
        <Button type="submit" size="lg" fullWidth loading={signIn.isPending} className="mt-2">
          Sign In
        </Button>
      </form>
      {unverified && signIn.variables && (
        <div className="mt-4">
          <ResendVerification email={signIn.variables.email} />
        </div>
      )}
    </AuthCard>
  );
}
