import { lazy, Suspense } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useProfile } from '../api/get-profile';
import { AccountProgress } from './account-progress';
import { EmailForm } from './email-form';
import { PasswordForm } from './password-form';
import { PreferencesForm } from './preferences-form';
import { ProfileDetailsForm } from './profile-details-form';
import { ProfileNotice } from './profile-notice';
import { SessionsList } from './sessions-list';

// Its own chunk: the QR code library loads with this section only, never with the app's first load.
const TwoFactorSection = lazy(() =>
  import('./two-factor-section').then(({ TwoFactorSection }) => ({ default: TwoFactorSection })),
);

/** Every /profile section this feature owns, in reading order. */
export function ProfileSections() {
  const profile = useProfile();
  if (profile.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner />
      </div>
    );
  }
  if (profile.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <ProfileNotice tone="error">{getErrorMessage(profile.error)}</ProfileNotice>
        <Button variant="secondary" onClick={() => void profile.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  const { data } = profile;
  return (
    <div className="flex flex-col gap-6">
      <AccountProgress stats={data.stats} />
      <ProfileDetailsForm profile={data} />
      <EmailForm email={data.email} emailVerified={data.emailVerified} />
      <PasswordForm />
      <Suspense
        fallback={
          <div className="flex justify-center py-6">
            <Spinner />
          </div>
        }
      >
        <TwoFactorSection enabled={data.twoFactorEnabled} />
      </Suspense>
      <SessionsList />
      <PreferencesForm />
    </div>
  );
}
