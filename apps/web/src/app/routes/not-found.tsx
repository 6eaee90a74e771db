import { LinkButton } from '../../components/ui/link-button';
import { paths } from '../../config/paths';
import { useSession } from '../../features/auth/api/get-session';

/** Unknown paths: a signed-in person is sent back to their dashboard, a visitor home. */
export function NotFoundRoute() {
  const { isSignedIn } = useSession();
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-24 text-center">
      <p className="text-gradient font-display text-7xl font-semibold">404</p>
      <h1 className="mt-4 text-2xl font-semibold text-white">Page not found</h1>
      <p className="mt-2 text-sm text-zinc-400">
        The page you are looking for does not exist or has moved.
      </p>
      {isSignedIn ? (
        <LinkButton to={paths.app.dashboard.getHref()} className="mt-8">
          Back to dashboard
        </LinkButton>
      ) : (
        <LinkButton to={paths.home.getHref()} className="mt-8">
          Back to home
        </LinkButton>
      )}
    </div>
  );
}
