import { useState, type FormEvent } from 'react';
import { signUpRequestSchema } from '@nocturne/contract/auth/sign-up';
import { Button } from '../../../components/ui/button';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthCard } from './auth-card';
import { EmailField } from './credential-fields';
import { Notice } from './notice';

/** The login page's "Forgot password?" step: asks for the address and mails a reset link. */
export function ForgotPasswordForm({
  initialEmail,
  onBack,
}: {
  initialEmail: string;
  onBack: () => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | undefined>();
  const request = useRequestPasswordReset();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = signUpRequestSchema.shape.email.safeParse(email.trim());
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    request.mutate(parsed.data);
  }

  return (
    <AuthCard title="Reset your password" subtitle="We will email you a link to choose a new one.">
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        {request.isSuccess && (
          <Notice tone="success">
            If an account exists for {request.variables}, we sent it a link to reset the password.
            Check your inbox.
          </Notice>
        )}
        {request.isError && <Notice tone="error">{request.error.message}</Notice>}
        <EmailField value={email} onChange={setEmail} error={error} />
        <Button type="submit" size="lg" fullWidth loading={request.isPending}>
          Send reset link
        </Button>
        <Button variant="ghost" fullWidth onClick={onBack}>
          Back to sign in
        </Button>
      </form>
    </AuthCard>
  );
}
