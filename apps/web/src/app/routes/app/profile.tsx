import { ApiKeysSection } from '../../../features/api-keys/components/api-keys-section';
import { DataExportSection } from '../../../features/account-data/components/data-export-section';
import { DeleteAccountSection } from '../../../features/account-data/components/delete-account-section';
import { CharactersSection } from '../../../features/characters/components/characters-section';
import { PresetsSection } from '../../../features/generations/components/presets-section';
import { ProfileSections } from '../../../features/profile/components/profile-sections';
import { WildcardsSection } from '../../../features/wildcards/components/wildcards-section';
import { WebhooksSection } from '../../../features/webhooks/components/webhooks-section';
import { PageHeader } from './page-header';

export function ProfileRoute() {
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <PageHeader title="Account Profile" backToDashboard />
      <ProfileSections />
      <div className="mt-6 flex flex-col gap-6">
        <PresetsSection />
        <CharactersSection />
        <WildcardsSection />
        <ApiKeysSection />
        <WebhooksSection />
        <DataExportSection />
        <DeleteAccountSection />
      </div>
    </section>
  );
}
