import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { signUpRequestSchema } from '@nocturne/contract/auth/sign-up';
import { Button } from '../../../components/ui/button';
import { fieldProps } from '../../../lib/forms/field-props';
import { trimmed } from '../../../lib/forms/text-fields';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { AuthCard } from './auth-card';
import { EmailField } from './credential-fields';
import { Notice } from './notice';

const forgotPasswordSchema = z.object({ email: trimmed(signUpRequestSchema.shape.email) });

/** The login page's "Forgot password?" step: asks for the address and mails a reset link. */
export function ForgotPasswordForm({
  initialEmail,
  onBack,
}: {
  initialEmail: string;
  onBack: () => void;
}) {
  const form = useForm({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: initialEmail },
  });
  const request = useRequestPasswordReset();
  const submit = form.handleSubmit(({ email }) => request.mutate(email));

  return (
    <AuthCard title="Reset your password" subtitle="We will email you a link to choose a new one.">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {request.isSuccess && (
          <Notice tone="success">
            If an account exists for {request.variables}, we sent it a link to reset the password.
            Check your inbox.
          </Notice>
        )}
        {request.isError && <Notice tone="error">{request.error.message}</Notice>}
        <EmailField field={fieldProps(form, 'email')} />
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
