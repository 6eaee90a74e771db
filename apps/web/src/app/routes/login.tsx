import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { LoginForm } from '../../features/auth/components/login-form';
import { paths } from '../../config/paths';

export function LoginRoute() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  // null while signing in; the email to prefill while asking for a reset link.
  const [resetEmail, setResetEmail] = useState<string | null>(null);
  if (resetEmail !== null) {
    return <ForgotPasswordForm initialEmail={resetEmail} onBack={() => setResetEmail(null)} />;
  }
  return (
    <LoginForm
      verified={searchParams.get('verified') === '1'}
      deleted={searchParams.get('deleted') === '1'}
      onSuccess={() => navigate(paths.app.dashboard.getHref(), { replace: true })}
      onForgotPassword={setResetEmail}
    />
  );
}
