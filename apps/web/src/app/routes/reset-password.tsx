import { useSearchParams } from 'react-router';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';

/** The mailed reset link lands here with ?token=…, or ?error=INVALID_TOKEN when it was refused. */
export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  return <ResetPasswordForm token={searchParams.get('token')} />;
}
