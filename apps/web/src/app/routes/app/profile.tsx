import { ProfileSections } from '../../../features/profile/components/profile-sections';
import { PageHeader } from './page-header';

export function ProfileRoute() {
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <PageHeader title="Account Profile" backToDashboard />
      <ProfileSections />
    </section>
  );
}
