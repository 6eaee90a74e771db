import { useNavigate, useSearchParams } from 'react-router';
import { LoginForm } from '../../features/auth/components/login-form';
import { paths } from '../../config/paths';

export function LoginRoute() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  return (
    <LoginForm
      verified={searchParams.get('verified') === '1'}
      onSuccess={() => navigate(paths.app.dashboard.getHref(), { replace: true })}
    />
  );
}
