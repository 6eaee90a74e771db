import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { paths } from '../../../config/paths';
import { useSession } from '../api/get-session';

/**
 * Signed-in users never see the landing, sign-in or sign-up pages (spec §2). With `waitForAuth`
 * the page shows 'Loading...' until auth has loaded (the auth forms); the landing renders at once.
 */
export function PublicOnlyRoute({
  children,
  waitForAuth = false,
}: {
  children: ReactNode;
  waitForAuth?: boolean;
}) {
  const { isLoading, isSignedIn } = useSession();
  if (isSignedIn) return <Navigate to={paths.app.dashboard.getHref()} replace />;
  if (isLoading && waitForAuth) return <LoadingScreen />;
  return children;
}
