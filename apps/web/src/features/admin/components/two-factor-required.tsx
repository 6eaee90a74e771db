import { LinkButton } from '../../../components/ui/link-button';
import { paths } from '../../../config/paths';

/** An operator without two-factor sign-in: the console asks for it before anything else. */
export function TwoFactorRequired() {
  return (
    <div className="mx-auto max-w-md px-4 py-20 text-center">
      <h1 className="font-display text-2xl font-semibold text-white">Turn on two-factor sign-in</h1>
      <p className="mt-3 text-sm text-zinc-400">
        The console changes people&apos;s accounts and money, so it opens only to operators who sign
        in with a code from an authenticator app as well as their password.
      </p>
      <LinkButton to={`${paths.app.profile.getHref()}#two-factor`} className="mt-8">
        Set it up in your profile
      </LinkButton>
    </div>
  );
}
