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
      <SessionsList />
      <PreferencesForm />
    </div>
  );
}
