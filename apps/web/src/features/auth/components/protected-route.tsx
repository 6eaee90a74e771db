import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { paths } from '../../../config/paths';
import { useSession } from '../api/get-session';

/** Spec §2: loading state until auth has loaded, then /login (replace) when signed out. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { isLoading, isSignedIn } = useSession();
  const location = useLocation();
  if (isLoading) return <LoadingScreen />;
  if (!isSignedIn) {
    return <Navigate to={paths.auth.login.getHref()} replace state={{ from: location.pathname }} />;
  }
  return children;
}
