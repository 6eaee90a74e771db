import { Link, Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/errors/error-boundary';
import { LinkButton } from '../../components/ui/link-button';
import { Logo } from '../../components/ui/logo';
import { paths } from '../../config/paths';
import { useSession } from '../../features/auth/api/get-session';

function VisitorNav() {
  return (
    <>
      <LinkButton to={paths.auth.login.getHref()} variant="ghost" size="sm">
        Sign In
      </LinkButton>
      <LinkButton to={paths.auth.signup.getHref()} size="sm">
        Get Started
      </LinkButton>
    </>
  );
}

/** A signed-in person gets their dashboard instead of Sign In and Get Started. */
function SessionAwareNav() {
  const { isSignedIn } = useSession();
  return isSignedIn ? (
    <LinkButton to={paths.app.dashboard.getHref()} size="sm">
      Dashboard
    </LinkButton>
  ) : (
    <VisitorNav />
  );
}

/**
 * Visitors' frame (spec §2): logo, Sign In and Get Started. `knowsSession` (the 404, which anyone
 * may reach) reads the session; the prerendered landing renders without one.
 */
export function PublicLayout({ knowsSession = false }: { knowsSession?: boolean }) {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 border-b border-glass-border bg-night-950/60 backdrop-blur-xl">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link to={paths.home.getHref()} className="rounded-xl">
            <Logo compact />
          </Link>
          <nav aria-label="Account" className="flex items-center gap-2">
            {knowsSession ? <SessionAwareNav /> : <VisitorNav />}
          </nav>
        </div>
      </header>
      <main className="flex-1">
        <ErrorBoundary resetKey={pathname}>
          <Outlet />
        </ErrorBoundary>
      </main>
      <footer className="border-t border-glass-border">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-8 text-xs text-zinc-500 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>© {new Date().getFullYear()} Nocturne. For adults 18 and over.</p>
          <p>Every image is labelled as AI-generated in its metadata.</p>
        </div>
      </footer>
    </div>
  );
}
