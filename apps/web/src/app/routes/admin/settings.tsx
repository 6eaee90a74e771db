import { FAVORITES_FULL_FETCH_PAGE_SIZE } from '@nocturne/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { LoadErrorPanel } from '../../../components/errors/load-error-panel';
import { Spinner } from '../../../components/ui/spinner';
import { ConsolePage } from '../../../features/admin/components/console-page';
import { settingsQueryOptions } from '../../../features/admin/settings/api/settings-api';
import { AnnouncementCard } from '../../../features/admin/settings/components/announcement-card';
import { GenerationSwitchCard } from '../../../features/admin/settings/components/generation-switch-card';
import { LandingSamplesCard } from '../../../features/admin/settings/components/landing-samples-card';
import { getFavorites } from '../../../features/gallery/api/get-favorites';
import { GenerationPausedNotice } from '../../../features/generations/components/generation-paused-notice';
import { SharedWildcardsCard } from '../../../features/wildcards/components/shared-wildcards-card';
import { getErrorMessage } from '../../../lib/get-error-message';

/** The operator's newest favorites, to pick landing samples from. */
const loadFavorites = (signal: AbortSignal) =>
  getFavorites({ limit: FAVORITES_FULL_FETCH_PAGE_SIZE }, signal);

/** The generation switch, the announcement banner, the landing's samples, shared wildcard lists. */
export function ConsoleSettingsRoute() {
  const settings = useQuery(settingsQueryOptions);
  return (
    <ConsolePage
      title="Settings"
      description="Generation switch, announcement banner, landing samples, shared wildcard lists."
    >
      {settings.data ? (
        <div className="space-y-6">
          <GenerationSwitchCard status={settings.data} Preview={GenerationPausedNotice} />
          <AnnouncementCard status={settings.data} />
          <LandingSamplesCard loadFavorites={loadFavorites} />
          <SharedWildcardsCard />
        </div>
      ) : settings.error ? (
        <LoadErrorPanel
          title="The settings could not load"
          message={getErrorMessage(settings.error)}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <p className="flex items-center gap-2 text-sm text-zinc-400">
          <Spinner /> Loading the settings…
        </p>
      )}
    </ConsolePage>
  );
}
