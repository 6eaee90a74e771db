import { useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/errors/error-boundary';
import { Logo } from '../../components/ui/logo';
import { paths } from '../../config/paths';
import { UserMenu } from '../../features/auth/components/user-menu';
import { AccountValidationGate } from '../../features/subscriptions/components/account-validation-gate';
import { tokenManager } from '../../lib/auth-token';

/** The signed-in shell (spec §2): header with logo and account menu around the protected pages. */
export function AppLayout() {
  const { pathname } = useLocation();

  // Spec §4: token health check every 5 minutes while signed in.
  useEffect(() => tokenManager.startHealthCheck(), []);

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 border-b border-glass-border bg-night-950/60 backdrop-blur-xl">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link
            to={paths.app.dashboard.getHref()}

            className="rounded-xl"
          >
            <Logo compact />
          </Link>
          <div className="flex min-w-0 items-center gap-2 sm:gap-3">
            {/* Credits issue: the credit balance display and 'Upgrade to Premium' go in this slot. */}
            <div data-slot="header-credits" className="flex min-w-0 items-center gap-2" />
            <UserMenu />
          </div>
        </div>
      </header>
      <main className="flex-1">
        <AccountValidationGate>
          <ErrorBoundary resetKey={pathname}>
            <Outlet />
          </ErrorBoundary>
        </AccountValidationGate>
      </main>
    </div>
  );
}
