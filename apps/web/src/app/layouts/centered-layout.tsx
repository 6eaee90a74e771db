import { Link, Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/errors/error-boundary';
import { Logo } from '../../components/ui/logo';
import { paths } from '../../config/paths';
import { RouteTitle } from '../route-title';

/** Centered frame for sign-in, sign-up and the payment outcome pages. */
export function CenteredLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <RouteTitle />
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center px-4 sm:px-6">
        <Link to={paths.home.getHref()} className="rounded-xl">
          <Logo />
        </Link>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:items-center sm:pt-0">
        <ErrorBoundary resetKey={pathname}>
          <Outlet />
        </ErrorBoundary>
      </main>
    </div>
  );
}
