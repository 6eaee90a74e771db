import { useEffect } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/errors/error-boundary';
import { Logo } from '../../components/ui/logo';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/ui/skip-link';
import { paths } from '../../config/paths';
import { useSession } from '../../features/auth/api/get-session';
import { AnnouncementBanner } from '../../features/announcements/components/announcement-banner';
import { UserMenu } from '../../features/auth/components/user-menu';
import { CreditErrorBoundary } from '../../features/credits/components/credit-error-boundary';
import { CreditsProvider } from '../../features/credits/components/credits-provider';
import { HeaderCredits } from '../../features/credits/components/header-credits';
import { AccountValidationGate } from '../../features/subscriptions/components/account-validation-gate';
import { tokenManager } from '../../lib/auth-token';
import { useLiveServiceStatus } from '../../lib/service-status';
import { RouteTitle } from '../route-title';
import { useConsoleLink } from './use-console-link';

/**
 * The signed-in shell (spec §2): header with logo, credits and account menu around the protected
 * pages. The credit state is provided here so the header and every page share one copy.
 */
export function AppLayout() {
  const { pathname } = useLocation();
  const { user } = useSession();

  // Spec §4: token health check every 5 minutes while signed in.
  useEffect(() => tokenManager.startHealthCheck(), []);
  // The generation switch and the announcement, kept current while any page is open.
  useLiveServiceStatus(Boolean(user));

  return (
    <CreditsProvider userId={user?.id}>
      <div className="flex min-h-dvh flex-col">
        <RouteTitle />
        <SkipLink />
        <header className="sticky top-0 z-30 border-b border-glass-border bg-night-950/60 backdrop-blur-xl">
          <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
            <Link
              to={paths.app.dashboard.getHref()}

              className="flex min-h-11 min-w-11 items-center rounded-xl"
            >
              {/* Phones keep only the mark: the credit area needs the width (wordmark stays for AT). */}
              <Logo compact className="max-sm:[&>span]:sr-only" />
            </Link>
            {/*
              Both boxes fill the header from the logo to the edge, their content pushed right: when
              the credits arrive and the area widens, no box moves (layout shift, issue 9).
            */}
            <div
              data-slot="header-end"
              className="flex h-full min-w-0 flex-1 items-center justify-end gap-2 sm:gap-3"
            >
              <div
                data-slot="header-credits"
                className="flex h-full min-w-0 flex-1 items-center justify-end gap-2"
              >
                <CreditErrorBoundary variant="inline">
                  <HeaderCredits />
                </CreditErrorBoundary>
              </div>
              <UserMenu useExtraLinks={useConsoleLink} />
            </div>
          </div>
        </header>
        <AnnouncementBanner />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
          <AccountValidationGate>
            <ErrorBoundary resetKey={pathname}>
              <Outlet />
            </ErrorBoundary>
          </AccountValidationGate>
        </main>
      </div>
    </CreditsProvider>
  );
}
