import {
  DEFAULT_PREFERENCES,
  type Preferences,
  type UpdatePreferencesBody,
} from '@nocturne/contract/users/preferences';
import { Checkbox } from '../../../components/ui/checkbox';
import { getErrorMessage } from '../../../lib/get-error-message';
import { usePreferences } from '../api/get-preferences';
import { useUpdatePreferences } from '../api/update-preferences';
import { SectionCard } from '../../../components/ui/section-card';
import { GenerationDefaultsFields } from './generation-defaults-fields';
import { ProfileNotice } from './profile-notice';

const TOGGLES: {
  label: string;
  read: (preferences: Preferences) => boolean;
  change: (value: boolean) => UpdatePreferencesBody;
}[] = [
  {
    label: 'Blur images in my gallery and history until I hover or tap them',
    read: (preferences) => preferences.blurThumbnails,
    change: (value) => ({ blurThumbnails: value }),
  },
  {
    label: 'Show the daily offer when I open my gallery',
    read: (preferences) => preferences.showDailyPromo,
    change: (value) => ({ showDailyPromo: value }),
  },
  {
    label: 'Email me before my subscription renews',
    read: (preferences) => preferences.emailNotices.subscriptionRenewal,
    change: (value) => ({ emailNotices: { subscriptionRenewal: value } }),
  },
  {
    label: 'Email me when my data export is ready',
    read: (preferences) => preferences.emailNotices.exportReady,
    change: (value) => ({ emailNotices: { exportReady: value } }),
  },
  {
    label: 'Open the generation options when I start a new image',
    read: (preferences) => preferences.generationOptionsOpen,
    change: (value) => ({ generationOptionsOpen: value }),
  },
];

/** Each toggle saves at once; the server's answer becomes the shared preferences. */
export function PreferencesForm() {
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  const current = preferences.data ?? DEFAULT_PREFERENCES;

  return (
    <SectionCard id="profile-preferences" title="Preferences">
      {preferences.isError && (
        <ProfileNotice tone="error">{getErrorMessage(preferences.error)}</ProfileNotice>
      )}
      <div className="flex flex-col gap-3">
        {TOGGLES.map((toggle) => (
          <Checkbox
            key={toggle.label}
            label={toggle.label}
            checked={toggle.read(current)}
            disabled={!preferences.data || update.isPending}
            onChange={(event) => update.mutate(toggle.change(event.target.checked))}
          />
        ))}
      </div>
      <GenerationDefaultsFields
        defaults={current.generationDefaults}
        disabled={!preferences.data || update.isPending}
        onChange={(change) => update.mutate({ generationDefaults: change })}
      />
      {update.isError && (
        <div className="mt-3">
          <ProfileNotice tone="error">{getErrorMessage(update.error)}</ProfileNotice>
        </div>
      )}
    </SectionCard>
  );
}
